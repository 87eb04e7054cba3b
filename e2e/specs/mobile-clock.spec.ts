import {
  cycleDate,
  daysBetween,
  latestCycleDate,
  PAYMENT_OPTIONS_PATH,
  STATEMENTS_PATH,
  type StatementDetail,
} from '@vireo/shared';
import { moveBillingClock } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { paymentDate } from '../support/payments';
import { signIn } from '../support/sign-in';

// Issue 7, the part of "Done when" that needs Riverbend's next statement: mobile.spec.ts (project `chromium`) cancelled
// StreamMax and paid off both devices; here the billing clock moves past Riverbend's next cycle day and its new
// statement charges none of them. It runs in the `autopay-clock` project (alone, one test after the other: the clock
// is global), and puts the clock back.

const RIVERBEND_CYCLE_DAY = 5;

test('[MOBILE] Riverbend’s next statement charges neither the cancelled StreamMax nor the paid-off devices', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  await signIn(page, t, 'riverbend-owner', '/billing/view-statements');
  await expect(page).toHaveURL(/\/billing\/view-statements$/);
  // Riverbend's own today (its time zone, not UTC: a few hours after midnight UTC it is still yesterday there)
  const { today } = (await (await page.request.get(PAYMENT_OPTIONS_PATH)).json()) as { today: string };
  const nextStatement = cycleDate(latestCycleDate(today, RIVERBEND_CYCLE_DAY), RIVERBEND_CYCLE_DAY, 1);
  const days = daysBetween(today, nextStatement) + 1;
  try {
    await moveBillingClock(request, { advance: `${days}d` });
    // the session has been idle for days on the billing clock: sign in again
    await page.context().clearCookies();
    await signIn(page, t, 'riverbend-owner', '/billing/view-statements');
    await expect(page).toHaveURL(/\/billing\/view-statements$/);
    const list = (await (await page.request.get(STATEMENTS_PATH)).json()) as {
      items: { id: string; statementDate: string }[];
    };
    const newest = list.items[0];
    expect(newest?.statementDate).toBe(nextStatement);
    const detail = (await (await page.request.get(`${STATEMENTS_PATH}/${newest?.id}`)).json()) as StatementDetail;
    const descriptions = detail.sections.flatMap((section) => section.lines.map((line) => line.description));
    expect(descriptions).toContain('Business Mobile Unlimited, 4 lines');
    expect(descriptions).not.toContain('StreamMax Premium subscription');
    expect(descriptions.filter((description) => description.startsWith('Device instalment'))).toEqual([]);

    const date = paymentDate('en', nextStatement);
    await page
      .getByRole('table', { name: t('billing.statements.caption') })
      .getByRole('link', { name: date, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('billing.statement.title', { date }) })).toBeVisible();
    await page.getByRole('button', { name: t('billing.statement.expandAll') }).click();
    const section = (category: 'mobile' | 'account') =>
      page.getByRole('table', {
        name: t('billing.statement.linesOf', { name: t(`billing.category.${category}`) }),
      });
    await expect(section('mobile')).toContainText('Business Mobile Unlimited, 4 lines');
    await expect(section('mobile')).not.toContainText('Device instalment');
    await expect(section('account')).not.toContainText('StreamMax Premium subscription');
    await expectNoAxeViolations(page);
  } finally {
    const reset = await moveBillingClock(request, { reset: true });
    expect(reset.offsetMs).toBe(0);
  }
});
