import { DEV_ANALYTICS_EVENTS_PATH, type DevAnalyticsPage, SUPPORT_CODE_PATTERN, supportCodeOf } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 23 item 4 (wider-portal.md §11): an error message shows a support code derived from its call's trace id; the
// code finds that call's server log lines and analytics events (/dev/analytics, outside production), and a ticket
// carries it. On the real server: the code is read from the page, never computed by the test from what it expects.

test.describe('support codes', () => {
  // the statement that is not there answers 404, which the browser logs as a failed resource
  test.use({ allowedHttpErrors: [404] });

  test('[SUPPORT] an error shows its code, which finds the call’s log lines and events, and goes with a ticket', async ({
    page,
    t,
  }) => {
    test.slow();
    const missing = '00000000-0000-4000-8000-0000000000c0';
    const statementPath = `/api/pub/billing/v1/statements/${missing}`;
    let traceId = '';
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === statementPath) traceId = response.headers()['x-trace-id'] ?? '';
    });
    await signIn(page, t, 'harbor-billing', '/account-summary');
    await expect(page).toHaveURL(/\/account-summary$/);
    await page.goto(`/billing/view-statements/${missing}`);
    const alert = page.getByRole('alert').filter({ hasText: t('billing.errors.billDetails.title') });
    await expect(alert.getByTestId('support-code')).toBeVisible();
    const code = ((await alert.getByTestId('support-code').textContent()) ?? '').match(/[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0];
    expect(code).toMatch(SUPPORT_CODE_PATTERN);
    // the browser named the call, the server answered the same trace id, and the code is that trace id's
    expect(traceId).toMatch(/^[a-z]{20}$/);
    expect(code).toBe(supportCodeOf(traceId));
    await expectNoAxeViolations(page);

    // the analytics batches bring the call and its error to the server (the page's next batch, or its exit)
    await page.goto('/dev/analytics');
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${DEV_ANALYTICS_EVENTS_PATH}?supportCode=${code}`);
          return ((await answer.json()) as DevAnalyticsPage).items.map((item) => item.event.type).sort();
        },
        { timeout: 20_000 },
      )
      .toEqual(['api_call', 'error']);

    // the viewer, by keyboard: the code as a person reads it out (lower case, a space for the dash)
    const field = page.getByRole('textbox', { name: t('analyticsViewer.filter.supportCode') });
    await field.focus();
    await page.keyboard.type((code as string).toLowerCase().replace('-', ' '));
    await page.keyboard.press('Enter');
    const lines = page.getByRole('table', { name: t('analyticsViewer.log.title', { code: code as string }) });
    await expect(lines).toBeVisible();
    await expect(lines).toContainText(`GET ${statementPath}`);
    // the server's lines of that call, in their order: it came in, was refused as not found, was answered 404
    const rows = lines.getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('incoming request');
    await expect(rows.nth(2)).toContainText('request rejected');
    await expect(rows.nth(2)).toContainText('NOT_FOUND');
    await expect(rows.nth(3)).toContainText('request completed');
    await expect(rows.nth(3)).toContainText('404');
    const events = page.getByRole('table', { name: t('analyticsViewer.table.caption') });
    await expect(events).toContainText(traceId);
    await expect(events.getByRole('row')).toHaveCount(3);
    await expectNoAxeViolations(page);

    // a ticket about it: the form begun with the code, which the sent ticket shows
    await page.goto(`/support/forms?supportCode=${code}`);
    await expect(page.getByRole('textbox', { name: t('support.forms.supportCode.label') })).toHaveValue(code as string);
    await page.getByRole('combobox', { name: t('support.forms.topic.label') }).selectOption('billing');
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('support.forms.subject.label')}`) })
      .fill('A bill would not open');
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('support.forms.message.label')}`) })
      .fill('The statement page said it could not find the bill.');
    await page.getByRole('button', { name: t('support.forms.send') }).click();
    const sent = page.getByRole('region', { name: /VB-\d+/ });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(code as string);
  });
});
