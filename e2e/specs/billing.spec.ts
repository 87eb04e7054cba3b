import type { Page } from '@playwright/test';
import {
  ACTIVITY_PATH,
  BILLING_SUMMARY_PATH,
  type BillingSummaryResponse,
  DATE_INPUT_FORMATS,
  DELINQUENCY_SCHEDULE_PATH,
  formatDateInput,
  type Locale,
  PAYMENT_HISTORY_PATH,
  STATEMENTS_PATH,
  type StatementDetail,
} from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 4 (billing read side) over the seeded demo data (demo-data.md). The seed is anchored to the billing clock's
// today, so dates are read from the API and formatted here the way the app formats them (US conventions of the
// language: en-US, es-US), never typed in.

type Page_ = { items: { id: string }[]; nextCursor: string | null; previousCursor: string | null };
type StatementSummary = { id: string; statementDate: string };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

function formatDate(locale: Locale, iso: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(`${locale}-US`, options).format(new Date(year, month - 1, day));
}

const MEDIUM: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const SHORT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** The newest statement of harbor-billing with a line whose promotion ended (the seed has one). */
async function statementWithEndedPromotion(page: Page) {
  const first = await getJson<Page_ & { items: StatementSummary[] }>(page, STATEMENTS_PATH);
  for (const summary of first.items) {
    const detail = await getJson<StatementDetail>(page, `${STATEMENTS_PATH}/${summary.id}`);
    for (const section of detail.sections) {
      for (const line of section.lines) {
        const reason = line.change?.reason;
        if (reason?.type === 'promotion_ended' && reason.occurredOn) return { detail, reason, line };
      }
    }
  }
  throw new Error('the seed has no ended promotion on the first page of statements');
}

for (const appLocale of ['en', 'es'] as const) {
  test.describe(`billing (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[BILLING] harbor-billing sees $289.47 and its due date on /billing (${appLocale})`, async ({ page, t }) => {
      await signIn(page, t, 'harbor-billing', '/billing');
      await expect(page).toHaveURL(/\/billing$/);
      await expect(page.getByRole('heading', { level: 1, name: t('pages.billing') })).toBeVisible();
      const summary = await getJson<BillingSummaryResponse>(page, BILLING_SUMMARY_PATH);
      const dueDate = summary.latestStatement?.dueDate;
      if (!dueDate) throw new Error('harbor has a statement');

      const card = page.getByTestId('billing-status-card');
      await expect(card.getByTestId('amount-due')).toHaveText('$289.47');
      await expect(card.getByTestId('due-date')).toHaveText(
        t('billing.status.dueOn', { date: formatDate(appLocale, dueDate, MEDIUM) }),
      );
      await expect(card.getByTestId('auto-pay-status')).toHaveText(t('billing.status.off'));
      await expect(card.getByTestId('past-due')).toHaveCount(0);
      await expect(page.getByRole('link', { name: t('billing.settings.paymentMethods') })).toHaveAttribute(
        'href',
        '/billing/bill-pay-options',
      );
      await expectNoAxeViolations(page);

      // The dialogs: keyboard in, Escape out, focus back on the button.
      const news = page.getByRole('button', { name: t('billing.news.open') });
      await news.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('billing.news.title') });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(news).toBeFocused();
    });

    test(`[BILLING] the latest statement: Expand all / Collapse all, and a changed line explains itself (${appLocale})`, async ({
      page,
      t,
    }) => {
      await signIn(page, t, 'harbor-billing', '/billing');
      await expect(page).toHaveURL(/\/billing$/);
      await page.getByRole('link', { name: t('billing.home.viewStatement') }).click();
      const summary = await getJson<BillingSummaryResponse>(page, BILLING_SUMMARY_PATH);
      const latest = summary.latestStatement;
      if (!latest) throw new Error('harbor has a statement');
      await expect(page).toHaveURL(new RegExp(`/billing/view-statements/${latest.id}$`));
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: t('billing.statement.title', { date: formatDate(appLocale, latest.statementDate, MEDIUM) }),
        }),
      ).toBeVisible();
      await expect(page.getByTestId('statement-total')).toHaveText('$289.47');

      const sections = page.getByRole('region', { name: t('billing.statement.chargesTitle') });
      const toggles = page.locator('button[aria-controls][aria-expanded]');
      const count = await toggles.count();
      expect(count).toBeGreaterThanOrEqual(3);
      await expect(toggles.and(page.locator('[aria-expanded="true"]'))).toHaveCount(0);

      await page.getByRole('button', { name: t('billing.statement.expandAll') }).click();
      await expect(toggles.and(page.locator('[aria-expanded="true"]'))).toHaveCount(count);
      await expect(
        page.getByRole('table', { name: t('billing.statement.linesOf', { name: t('billing.category.internet') }) }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: t('billing.statement.collapseAll') }).click();
      await expect(toggles.and(page.locator('[aria-expanded="false"]'))).toHaveCount(count);
      await expect(
        page.getByRole('table', { name: t('billing.statement.linesOf', { name: t('billing.category.internet') }) }),
      ).toBeHidden();
      await expect(sections).toBeVisible();

      // Printing shows the statement alone, every section open.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await expect(
        page.getByRole('table', { name: t('billing.statement.linesOf', { name: t('billing.category.internet') }) }),
      ).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      // A statement whose promotion ended says so, with the date.
      const { detail, reason, line } = await statementWithEndedPromotion(page);
      await page.getByRole('link', { name: t('billing.statement.allStatements') }).click();
      await page.getByRole('link', { name: formatDate(appLocale, detail.statementDate, MEDIUM), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/billing/view-statements/${detail.id}$`));
      await page.getByRole('button', { name: t('billing.statement.expandAll') }).click();
      const row = page.getByRole('row').filter({ hasText: line.description });
      await expect(row.getByTestId('change-reason')).toHaveText(
        t('billing.reason.promotionEnded', { date: formatDate(appLocale, reason.occurredOn ?? '', SHORT) }),
      );
      await expectNoAxeViolations(page);
    });

    test(`[BILLING] statements and activity page forward and back (${appLocale})`, async ({ page, t }) => {
      await signIn(page, t, 'harbor-billing', '/billing/view-statements');
      await expect(page).toHaveURL(/\/billing\/view-statements$/);
      const table = page.getByRole('table', { name: t('billing.statements.caption') });
      const rows = table.locator('tbody tr');
      const first = await getJson<Page_>(page, STATEMENTS_PATH);
      const older = await getJson<Page_>(
        page,
        `${STATEMENTS_PATH}?cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      );
      await expect(rows).toHaveCount(first.items.length);
      await expectNoAxeViolations(page);

      const pager = page.getByRole('navigation', { name: t('billing.statements.pages') });
      const newerButton = pager.getByRole('button', { name: t('billing.pager.newer') });
      const olderButton = pager.getByRole('button', { name: t('billing.pager.older') });
      await expect(newerButton).toHaveAttribute('aria-disabled', 'true');
      await olderButton.click();
      await expect(rows).toHaveCount(older.items.length);
      await expect(page).toHaveURL(/cursor=/);
      await expect(newerButton).not.toHaveAttribute('aria-disabled');
      await newerButton.click();
      await expect(rows).toHaveCount(first.items.length);
      // Back walks the pages too: the page is in the address.
      await page.goBack();
      await expect(rows).toHaveCount(older.items.length);

      await page.goto('/billing/account-activity');
      const timeline = page.getByRole('list', { name: t('billing.activity.timeline') });
      const activity = await getJson<Page_>(page, ACTIVITY_PATH);
      await expect(timeline.getByRole('listitem')).toHaveCount(activity.items.length);
      await expectNoAxeViolations(page);
      const activityPager = page.getByRole('navigation', { name: t('billing.activity.pages') });
      await activityPager.getByRole('button', { name: t('billing.pager.older') }).click();
      const activityOlder = await getJson<Page_>(
        page,
        `${ACTIVITY_PATH}?cursor=${encodeURIComponent(activity.nextCursor ?? '')}`,
      );
      await expect(timeline.getByRole('listitem')).toHaveCount(activityOlder.items.length);
      await activityPager.getByRole('button', { name: t('billing.pager.newer') }).click();
      await expect(timeline.getByRole('listitem')).toHaveCount(activity.items.length);
    });

    test(`[BILLING] bill details, the account summary card and narrow screens (${appLocale})`, async ({ page, t }) => {
      await signIn(page, t, 'harbor-billing', '/billing/pay-bill?open=bd');
      await expect(page).toHaveURL(/\/billing\/pay-bill\?open=bd$/);
      await expect(page.getByRole('button', { name: t('billing.payBill.billDetails') })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.getByTestId('statement-total')).toHaveText('$289.47');
      await expectNoAxeViolations(page);

      await page.goto('/account-summary');
      await expect(page.getByTestId('billing-status-card').getByTestId('amount-due')).toHaveText('$289.47');
      await expectNoAxeViolations(page);

      // Below 768 px the tables stack into cards; still one table with its headers for assistive technology.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/billing/payment-history');
      const table = page.getByRole('table', { name: t('billing.payments.caption') });
      await expect(table.getByRole('columnheader', { name: t('billing.payments.status') })).toBeAttached();
      await expect(table.getByText(t('billing.payments.status.successful')).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`[BILLING] payment history, date filter, recent charges and CSV (${appLocale})`, async ({ page, t }) => {
      await signIn(page, t, 'harbor-billing', '/billing/payment-history');
      await expect(page).toHaveURL(/\/billing\/payment-history$/);
      const table = page.getByRole('table', { name: t('billing.payments.caption') });
      await expect(table.getByText(t('billing.payments.status.successful')).first()).toBeVisible();
      await expect(table.getByRole('columnheader', { name: t('billing.payments.date') })).toBeVisible();
      await expectNoAxeViolations(page);

      // An impossible date is refused in place, then a real range narrows the list.
      const from = page.getByRole('textbox', { name: t('billing.filter.from') });
      await from.fill(appLocale === 'en' ? '02/30/2026' : '30/02/2026');
      await page.getByRole('button', { name: t('billing.filter.apply') }).click();
      await expect(from).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t('billing.filter.errors.invalidDate'))).toBeVisible();
      await expect(from).toBeFocused();
      await expectNoAxeViolations(page);

      const payments = await getJson<{ items: { paymentDate: string }[] }>(page, PAYMENT_HISTORY_PATH);
      const newest = payments.items[0]?.paymentDate ?? '';
      // issue 14: the filter reads the language's one date format, the payment date's (MM/DD/YY, DD/MM/AA)
      await expect(page.getByText(DATE_INPUT_FORMATS[appLocale].pattern, { exact: true }).first()).toBeVisible();
      await from.fill(formatDateInput(newest, appLocale));
      await page.getByRole('button', { name: t('billing.filter.apply') }).click();
      await expect(page).toHaveURL(new RegExp(`from=${newest}`));
      await expect(from).toHaveValue(formatDateInput(newest, appLocale));
      await expect(table.locator('tbody tr')).toHaveCount(
        payments.items.filter((payment) => payment.paymentDate >= newest).length,
      );

      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('link', { name: t('billing.history.downloadCsv') }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.goto('/billing/account-activity?tab=charges');
      const charges = page.getByRole('table', { name: t('billing.charges.caption') });
      await expect(charges.getByRole('columnheader', { name: t('billing.charges.datePosted') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('billing.charges.title') })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectNoAxeViolations(page);
    });
  });
}

test('[BILLING] the statement PDF downloads through the page', async ({ page, t }) => {
  await signIn(page, t, 'harbor-billing', '/billing');
  await page.getByRole('link', { name: t('billing.home.viewStatement') }).click();
  await expect(page.getByTestId('statement-total')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: t('billing.statement.downloadPdf') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('[BILLING] pinecrest-owner sees the suspension warning (code 43) and the soft-disconnect date', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'pinecrest-owner', '/billing');
  await expect(page).toHaveURL(/\/billing$/);
  const summary = await getJson<BillingSummaryResponse>(page, BILLING_SUMMARY_PATH);
  const schedule = await getJson<{ softDisconnectDate: string | null }>(page, DELINQUENCY_SCHEDULE_PATH);
  expect(summary.delinquencyCode).toBe(43);
  const pastDue = page.getByTestId('past-due');
  await expect(pastDue.getByRole('heading', { name: t('billing.delinquency.code43.title') })).toBeVisible();
  await expect(pastDue).toContainText('$412.10');
  // demo-data.md: 47 days past due, so the soft-disconnect date (due date + 60 days) is shown
  expect(schedule.softDisconnectDate).not.toBeNull();
  const action = t('billing.status.action.avoidBy', {
    amount: '$412.10',
    date: formatDate('en', schedule.softDisconnectDate as string, MEDIUM),
  });
  await expect(page.getByTestId('past-due-action')).toHaveText(action);
  await expectNoAxeViolations(page);
});

test('[BILLING] northgate-owner (soft-disconnected) sees the restore-service message (code 50)', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'northgate-owner', '/billing');
  await expect(page).toHaveURL(/\/billing$/);
  const summary = await getJson<BillingSummaryResponse>(page, BILLING_SUMMARY_PATH);
  expect(summary.delinquencyCode).toBe(50);
  const pastDue = page.getByTestId('past-due');
  await expect(pastDue.getByRole('heading', { name: t('billing.delinquency.code50.title') })).toBeVisible();
  await expect(pastDue).toContainText(t('billing.delinquency.code50.body'));
  await expect(pastDue).toContainText('$655.00');
  await expectNoAxeViolations(page);
});

test('[BILLING] summit-owner (enterprise) gets the enterprise billing landing page', async ({ page, t }) => {
  await signIn(page, t, 'summit-owner', '/billing/view-statements');
  // issue 14: every billing address of an enterprise account leads to the landing page at /billing (guards.ts)
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: t('billing.enterprise.title') })).toBeVisible();
  const config = await getJson<{ enterpriseBillingUrl: string }>(page, '/api/pub/meta/v1/config');
  await expect(page.getByRole('link', { name: t('billing.enterprise.link') })).toHaveAttribute(
    'href',
    config.enterpriseBillingUrl,
  );
  await expectNoAxeViolations(page);
});

test('[BILLING] harbor-staff (STANDARD) is sent from /billing to the account summary', async ({ page, t }) => {
  await signIn(page, t, 'harbor-staff', '/billing');
  // issue 14: with the reason, which the account summary states (roles.spec.ts)
  await expect(page).toHaveURL(/\/account-summary\?notice=noBillingAccess$/);
  await expect(page.getByTestId('billing-status-card')).toHaveCount(0);
});
