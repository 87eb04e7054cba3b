import { screen } from '@testing-library/react';
import { AUDIT_LOG_PATH, type Locale } from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { jsonResponse } from '../../../test/fake-api';
import { DRAFT_FAILED, GUEST_LINK, LATER_AREA, logPage, PAYMENT, renderAuditLog } from '../testing/audit-log-fixtures';

describe('the audit log page passes axe (WCAG 2.2 AA, structure)', () => {
  it.each<Locale>(['en', 'es'])('the table, the pager and the filters with an error (%s)', async (locale) => {
    const t = (en: string, es: string) => (locale === 'en' ? en : es);
    const { user } = await renderAuditLog(
      { [`GET ${AUDIT_LOG_PATH}`]: jsonResponse(logPage([PAYMENT, GUEST_LINK, DRAFT_FAILED, LATER_AREA], 'older-1')) },
      locale,
    );
    await screen.findByRole('table');
    await expectNoAxeViolations();
    await user.type(screen.getByRole('textbox', { name: t('From', 'Desde') }), '99/99/99');
    await user.click(screen.getByRole('button', { name: t('Apply', 'Aplicar') }));
    await screen.findByText(t('Enter a real date, like 11/21/26.', 'Ingrese una fecha real, como 21/11/26.'));
    await expectNoAxeViolations();
  });

  it('the empty log (en)', async () => {
    await renderAuditLog({ [`GET ${AUDIT_LOG_PATH}`]: jsonResponse(logPage([])) });
    await screen.findByRole('heading', { name: 'No changes to show' });
    await expectNoAxeViolations();
  });
});
