import { useMutation } from '@tanstack/react-query';
import { type Locale, TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH } from '@vireo/shared';
import { apiFileRequest } from '../../../lib/api-file';
import { fileSaver } from '../../../lib/browser-files';
import { withQuery } from '../../../lib/with-query';

/** The agreement's PDF in the page's language. */
export function agreementDocumentPath(lang: Locale): string {
  return withQuery(TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH, { lang });
}

/** The agreement PDF, fetched (a failure is shown on the page, not saved as the file), then saved. */
export function useAgreementDownload() {
  return useMutation({
    mutationFn: async ({ reference, lang }: { reference: string; lang: Locale }) => {
      const { blob, filename } = await apiFileRequest(agreementDocumentPath(lang));
      fileSaver.save(blob, filename ?? `bulk-agreement-${reference}.pdf`);
    },
  });
}
