import type { Locator, Page } from '@playwright/test';
import {
  CSRF_HEADER,
  CSRF_PATH,
  DATE_FORMAT_OPTIONS,
  formatCents,
  formatDateInput,
  IDEMPOTENCY_HEADER,
  type IsoDate,
  type Locale,
  type MakePaymentRequest,
  PAYMENT_HISTORY_PATH,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  type PaymentOptions,
} from '@vireo/shared';
import { expect, type MessageId, type Translate } from './fixtures';
import { signIn } from './sign-in';

// Helpers of the payment specs (issue 5): the one-time payment panel is a sequence of forms, each named by its
// heading (apps/web/src/features/payments/README.md), so every step is found by role and translated name.

export const ONE_TIME_PAYMENT = '/billing/pay-bill?open=otp';
export const SCHEDULED_PAYMENTS = '/billing/pay-bill?open=fdp';
export const PAYMENT_HISTORY = '/billing/payment-history';

/** A card of demo-data.md's test instruments, with valid details around it unless a test says otherwise. */
export type TestCard = { number: string; securityCode?: string; zip?: string; expiry?: string; name?: string };

export type PaymentHistoryItem = {
  id: string;
  confirmationNumber: string;
  amountCents: number;
  status: string;
  paymentDate: IsoDate;
};

/** Money the way the app shows it: US conventions of the language ($1,234.56 in both). */
export function money(locale: Locale, cents: number): string {
  return formatCents(cents, `${locale}-US`);
}

/** A calendar date the way the payment screens show it ("Dec 1, 2026" / "1 dic 2026"). */
export function paymentDate(locale: Locale, iso: IsoDate): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(`${locale}-US`, DATE_FORMAT_OPTIONS.date).format(new Date(year, month - 1, day));
}

/** A date as the language's date fields read it (issue 14: one format per language, MM/DD/YY or DD/MM/AA). */
export function typedDate(locale: Locale, iso: IsoDate): string {
  return formatDateInput(iso, locale);
}

/** The step of the flow whose heading is `title` (a form named by its heading). */
export function paymentStep(page: Page, t: Translate, title: MessageId): Locator {
  return page.getByRole('form', { name: t(title) });
}

export async function getPaymentOptions(page: Page): Promise<PaymentOptions> {
  const response = await page.request.get(PAYMENT_OPTIONS_PATH);
  expect(response.status(), PAYMENT_OPTIONS_PATH).toBe(200);
  return (await response.json()) as PaymentOptions;
}

export async function getPaymentHistory(page: Page): Promise<PaymentHistoryItem[]> {
  const response = await page.request.get(PAYMENT_HISTORY_PATH);
  expect(response.status(), PAYMENT_HISTORY_PATH).toBe(200);
  return ((await response.json()) as { items: PaymentHistoryItem[] }).items;
}

/** Signs in and lands on the one-time payment panel, at its first step. */
export async function openOneTimePayment(page: Page, t: Translate, username: string): Promise<void> {
  await signIn(page, t, username, ONE_TIME_PAYMENT);
  await expect(page).toHaveURL(/\/billing\/pay-bill\?open=otp$/);
  await expect(paymentStep(page, t, 'payments.amount.title')).toBeVisible();
}

/**
 * Step 1 with "Other amount": types the amount and continues; an amount above the amount due asks for confirmation
 * first (spec §5), which is given. `amountDueCents` is the account's amount due as the test read it.
 */
export async function continueWithOtherAmount(
  page: Page,
  t: Translate,
  locale: Locale,
  amountCents: number,
  amountDueCents: number,
): Promise<void> {
  const amountStep = paymentStep(page, t, 'payments.amount.title');
  await amountStep.getByRole('radio', { name: t('payments.amount.other') }).check();
  await amountStep.getByRole('textbox', { name: t('payments.amount.otherField') }).fill((amountCents / 100).toFixed(2));
  await amountStep.getByRole('button', { name: t('payments.continue') }).click();
  if (amountCents > amountDueCents) {
    const dialog = page.getByRole('alertdialog', { name: t('payments.amount.confirm.title') });
    await expect(dialog).toContainText(money(locale, amountCents));
    await dialog.getByRole('button', { name: t('payments.amount.confirm.confirm') }).click();
  }
  await expect(paymentStep(page, t, 'payments.method.title')).toBeVisible();
}

/** Step 2 with a saved method (its display label); a saved card asks for its security code first. */
export async function continueWithSavedMethod(
  page: Page,
  t: Translate,
  label: string,
  securityCode?: string,
): Promise<void> {
  const methodStep = paymentStep(page, t, 'payments.method.title');
  await methodStep.getByRole('radio', { name: label, exact: true }).check();
  if (securityCode !== undefined) {
    await methodStep.getByRole('textbox', { name: t('payments.card.securityCode') }).fill(securityCode);
  }
  await methodStep.getByRole('button', { name: t('payments.continue') }).click();
}

/** Step 2 with "Add a card": fills the card form (spec §3 fields) and continues. */
export async function continueWithNewCard(page: Page, t: Translate, card: TestCard): Promise<void> {
  const methodStep = paymentStep(page, t, 'payments.method.title');
  await methodStep.getByRole('radio', { name: t('payments.method.addCard') }).check();
  await methodStep.getByRole('textbox', { name: t('payments.card.nameOnCard') }).fill(card.name ?? 'Test Card Holder');
  await methodStep.getByRole('textbox', { name: t('payments.card.cardNumber') }).fill(card.number);
  await methodStep.getByRole('textbox', { name: t('payments.card.expiry') }).fill(card.expiry ?? '1230');
  await methodStep.getByRole('textbox', { name: t('payments.card.zip') }).fill(card.zip ?? '04101');
  await methodStep.getByRole('textbox', { name: t('payments.card.securityCode') }).fill(card.securityCode ?? '123');
  await methodStep.getByRole('button', { name: t('payments.continue') }).click();
}

/** Step 3: the date (today unless given, typed in the language's format), then the review step. */
export async function continueWithDate(page: Page, t: Translate, date?: IsoDate, locale: Locale = 'en'): Promise<void> {
  const dateStep = paymentStep(page, t, 'payments.date.title');
  await expect(dateStep).toBeVisible();
  if (date) await dateStep.getByRole('textbox', { name: t('payments.date.label') }).fill(typedDate(locale, date));
  await dateStep.getByRole('button', { name: t('payments.continue') }).click();
  await expect(paymentStep(page, t, 'payments.review.title')).toBeVisible();
}

/** The review step's one button: "Pay $x". */
export function payButton(page: Page, t: Translate, locale: Locale, amountCents: number): Locator {
  return paymentStep(page, t, 'payments.review.title').getByRole('button', {
    name: t('payments.review.pay', { amount: money(locale, amountCents) }),
  });
}

/** The review step's button for a future date: "Schedule $x for <date>" (issue 14: not "Pay"). */
export function scheduleButton(page: Page, t: Translate, locale: Locale, amountCents: number, date: IsoDate): Locator {
  return paymentStep(page, t, 'payments.review.title').getByRole('button', {
    name: t('payments.review.schedule', { amount: money(locale, amountCents), date: paymentDate(locale, date) }),
  });
}

/** The value of a row of the receipt (or of any definition list under `scope`), by its term. */
export function definition(scope: Locator, term: string): Locator {
  return scope.locator('div', { has: scope.page().locator('dt', { hasText: term }) }).locator('dd');
}

/** The receipt after a payment: its confirmation number (spec §3: VB and 10 digits). */
export async function receiptConfirmationNumber(page: Page, t: Translate): Promise<string> {
  const receipt = page.getByTestId('payment-receipt');
  const value = definition(receipt, t('payments.result.confirmationNumber'));
  await expect(value).toHaveText(/^VB\d{10}$/);
  return (await value.textContent()) ?? '';
}

/** The row of the payment history table (first page) for a confirmation number. */
export function historyRow(page: Page, t: Translate, confirmationNumber: string): Locator {
  return page
    .getByRole('table', { name: t('billing.payments.caption') })
    .getByRole('row')
    .filter({ hasText: confirmationNumber });
}

/**
 * A payment straight through the API, as the app sends it (CSRF token and Idempotency-Key): for the refusals the
 * screens prevent before they reach the server.
 */
export async function postPayment(page: Page, body: MakePaymentRequest) {
  const { csrfToken } = (await (await page.request.get(CSRF_PATH)).json()) as { csrfToken: string };
  return page.request.post(PAYMENTS_PATH, {
    headers: { [CSRF_HEADER]: csrfToken, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
    data: body,
  });
}
