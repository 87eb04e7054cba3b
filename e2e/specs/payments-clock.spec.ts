import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { devControlHeaders } from '../support/dev-control';
import { expect, test } from '../support/fixtures';
import {
  continueWithDate,
  continueWithOtherAmount,
  continueWithSavedMethod,
  definition,
  getPaymentOptions,
  historyRow,
  money,
  openOneTimePayment,
  PAYMENT_HISTORY,
  payButton,
  paymentDate,
  paymentStep,
  receiptConfirmationNumber,
} from '../support/payments';
import { signIn } from '../support/sign-in';

// Issue 5: the payments that change Harbor Coffee's balance, and the one that needs the billing clock moved. They run in
// the `clock` project (playwright.config.ts): after every spec of the `chromium` project, because billing.spec.ts
// asserts Harbor's $289.47 amount due and its payment history, and alone, because moving the billing clock a day
// ends every session (they are idle-limited on the billing clock) and brings due work. The project runs this file's
// tests one after the other, in this order; each reads the amount due it starts from.

const CLOCK_PATH = '/api/dev/clock';

/** The non-production time-travel control of the billing clock (clock.routes.ts), as the local operator. */
async function moveBillingClock(request: APIRequestContext, change: { advance: string } | { reset: true }) {
  const response = await request.post(CLOCK_PATH, { headers: await devControlHeaders(request), data: change });
  expect(response.status(), `${CLOCK_PATH} ${JSON.stringify(change)}`).toBe(200);
  return (await response.json()) as { now: string; offsetMs: number };
}

test('[PAYMENTS] harbor-billing pays the $289.47 due with the saved Visa 4242: Successful, in the history, $0.00 due', async ({
  page,
  t,
}) => {
  test.slow();
  await openOneTimePayment(page, t, 'harbor-billing');
  const options = await getPaymentOptions(page);
  const amountStep = paymentStep(page, t, 'payments.amount.title');
  await expect(amountStep.getByRole('radio', { name: t('payments.amount.due') })).toBeChecked();
  await expect(amountStep).toContainText('$289.47');
  await expectNoAxeViolations(page);
  await amountStep.getByRole('button', { name: t('payments.continue') }).click();

  // The saved card asks for its security code.
  const methodStep = paymentStep(page, t, 'payments.method.title');
  await methodStep.getByRole('radio', { name: 'Visa 4242', exact: true }).check();
  const securityCode = methodStep.getByRole('textbox', { name: t('payments.card.securityCode') });
  await expect(securityCode).toHaveAccessibleDescription(t('payments.method.securityCodeFor', { method: 'Visa 4242' }));
  await expectNoAxeViolations(page);
  await continueWithSavedMethod(page, t, 'Visa 4242', '123');

  await expect(paymentStep(page, t, 'payments.date.title')).toBeVisible();
  await expectNoAxeViolations(page);
  await continueWithDate(page, t);
  const review = paymentStep(page, t, 'payments.review.title');
  await expect(definition(review, t('payments.review.amount'))).toHaveText('$289.47');
  await expect(definition(review, t('payments.review.method'))).toHaveText('Visa 4242');
  await expect(definition(review, t('payments.review.date'))).toHaveText(
    t('payments.review.today', { date: paymentDate('en', options.today) }),
  );
  await expectNoAxeViolations(page);
  await payButton(page, t, 'en', 28_947).click();

  // The confirmation: number and Successful.
  await expect(page.getByRole('heading', { name: t('payments.result.success.title') })).toBeFocused();
  await expect(page.getByText(t('payments.result.success.body', { amount: '$289.47' }))).toBeVisible();
  const receipt = page.getByTestId('payment-receipt');
  const confirmationNumber = await receiptConfirmationNumber(page, t);
  await expect(definition(receipt, t('payments.result.status'))).toHaveText('Successful');
  await expect(definition(receipt, t('payments.review.amount'))).toHaveText('$289.47');
  await expectNoAxeViolations(page);

  await page.goto(PAYMENT_HISTORY);
  const row = historyRow(page, t, confirmationNumber);
  await expect(row).toContainText('Successful');
  await expect(row).toContainText('$289.47');

  await page.goto('/billing');
  const card = page.getByTestId('billing-status-card');
  await expect(card.getByTestId('amount-due')).toHaveText('$0.00');
  await expect(card).toContainText(t('billing.status.amountDue'));
});

test.describe('in Spanish', () => {
  test.use({ appLocale: 'es' });

  test('[PAYMENTS] harbor-billing pays another amount with the saved Visa 4242: Pago completado, Completado (es)', async ({
    page,
    t,
  }) => {
    test.slow();
    await openOneTimePayment(page, t, 'harbor-billing');
    const options = await getPaymentOptions(page);
    await expectNoAxeViolations(page);
    // After the payment above nothing is due: the amount is more than the amount due, and the dialog asks first.
    await continueWithOtherAmount(page, t, 'es', 1_234, options.amountDueCents);
    await continueWithSavedMethod(page, t, 'Visa 4242', '123');
    await continueWithDate(page, t);
    const review = paymentStep(page, t, 'payments.review.title');
    await expect(definition(review, t('payments.review.date'))).toHaveText(
      t('payments.review.today', { date: paymentDate('es', options.today) }),
    );
    await expectNoAxeViolations(page);
    await payButton(page, t, 'es', 1_234).click();

    await expect(page.getByRole('heading', { name: t('payments.result.success.title') })).toBeFocused();
    expect(t('payments.status.successful')).toBe('Completado');
    await expect(page.getByText(t('payments.result.success.body', { amount: money('es', 1_234) }))).toBeVisible();
    const receipt = page.getByTestId('payment-receipt');
    const confirmationNumber = await receiptConfirmationNumber(page, t);
    await expect(definition(receipt, t('payments.result.status'))).toHaveText('Completado');
    await expectNoAxeViolations(page);

    await page.goto(PAYMENT_HISTORY);
    const row = historyRow(page, t, confirmationNumber);
    await expect(row).toContainText(t('billing.payments.status.successful'));
    await expect(row).toContainText(money('es', 1_234));

    // The balance went down by the amount paid: a credit balance when nothing was due.
    const balance = options.amountDueCents - 1_234;
    await page.goto('/billing');
    const card = page.getByTestId('billing-status-card');
    await expect(card.getByTestId('amount-due')).toHaveText(money('es', Math.abs(balance)));
    await expect(card).toContainText(t(balance < 0 ? 'billing.status.creditBalance' : 'billing.status.amountDue'));
  });
});

test('[PAYMENTS] a payment from the saved Checking 6789 is Pending, and Successful once the billing clock moved 24 h', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  await openOneTimePayment(page, t, 'harbor-billing');
  const options = await getPaymentOptions(page);
  await continueWithOtherAmount(page, t, 'en', 2_500, options.amountDueCents);
  await continueWithSavedMethod(page, t, t('billing.method.checking', { lastFour: '6789' }));
  await continueWithDate(page, t);
  await payButton(page, t, 'en', 2_500).click();

  await expect(page.getByRole('heading', { name: t('payments.result.pending.title') })).toBeFocused();
  const receipt = page.getByTestId('payment-receipt');
  await expect(definition(receipt, t('payments.result.status'))).toHaveText(t('payments.status.pending'));
  const confirmationNumber = await receiptConfirmationNumber(page, t);
  await expectNoAxeViolations(page);
  await page.goto(PAYMENT_HISTORY);
  await expect(historyRow(page, t, confirmationNumber)).toContainText(t('billing.payments.status.pending'));

  try {
    const moved = await moveBillingClock(request, { advance: '24h' });
    expect(moved.offsetMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    // The session has been idle a whole day on the billing clock: sign in again.
    await page.context().clearCookies();
    await signIn(page, t, 'harbor-billing', PAYMENT_HISTORY);
    await expect(page).toHaveURL(/\/billing\/payment-history$/);
    await expect(historyRow(page, t, confirmationNumber)).toContainText(t('billing.payments.status.successful'));
  } finally {
    const reset = await moveBillingClock(request, { reset: true });
    expect(reset.offsetMs).toBe(0);
  }
});
