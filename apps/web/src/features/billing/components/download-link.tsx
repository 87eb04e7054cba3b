import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { downloadBillingFile } from '../api/download-billing-file';

export type DownloadRequest = { path: string; fallbackName: string };

/**
 * A file download done with fetch and a Blob (lib/api-file.ts `apiFileRequest`), so that a failure is known and shown in
 * the page. `retry` repeats the last request.
 */
export function useDownload() {
  const mutation = useMutation({
    mutationFn: (request: DownloadRequest) => downloadBillingFile(request.path, request.fallbackName),
  });
  return {
    start: (request: DownloadRequest) => {
      if (!mutation.isPending) mutation.mutate(request);
    },
    retry: () => {
      if (mutation.variables && !mutation.isPending) mutation.mutate(mutation.variables);
    },
    pendingPath: mutation.isPending ? mutation.variables?.path : undefined,
    isError: mutation.isError,
    isPending: mutation.isPending,
  };
}

type DownloadLinkProps = DownloadRequest & {
  labelId: MessageId;
  download: ReturnType<typeof useDownload>;
};

/**
 * A real link to the file (it can be copied or opened in a new tab), whose click the page handles: fetch, check,
 * then save.
 */
export function DownloadLink({ path, fallbackName, labelId, download }: DownloadLinkProps) {
  const intl = useIntl();
  const pending = download.pendingPath === path;
  return (
    <a
      href={path}
      download={fallbackName}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        download.start({ path, fallbackName });
      }}
      className={SECONDARY_BUTTON}
    >
      <span aria-hidden="true">↓</span>
      {intl.formatMessage({ id: labelId })}
    </a>
  );
}
