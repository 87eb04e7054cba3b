import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  AUTOPAY_PATH,
  type AutoPayStatus,
  type IsoDate,
  type Locale,
  PAYMENT_METHODS_PATH,
  type Wallet,
} from '@vireo/shared';
import { devControlHeaders } from './dev-control';
import { expect, type MessageId, type Translate } from './fixtures';
import { paymentDate } from './payments';
import { signIn } from './sign-in';

// Helpers of the Auto Pay and wallet specs (issue 6). The Auto Pay panel is a sequence of forms named by their
// headings, like the payment panel (apps/web/src/features/autopay/README.md); the wallet page lists one item per
// saved method, named by its label (apps/web/src/features/wallet/README.md).

export const AUTO_PAY = '/billing/pay-bill?open=ap';
export const WALLET = '/billing/bill-pay-options';

/** The Auto Pay status as the panel reads it: the debit-day calendar is computed from its `cycleDay` and `today`. */
export async function getAutoPayStatus(page: Page): Promise<AutoPayStatus> {
  const response = await page.request.get(AUTOPAY_PATH);
  expect(response.status(), AUTOPAY_PATH).toBe(200);
  return (await response.json()) as AutoPayStatus;
}

export async function getWallet(page: Page): Promise<Wallet> {
  const response = await page.request.get(PAYMENT_METHODS_PATH);
  expect(response.status(), PAYMENT_METHODS_PATH).toBe(200);
  return (await response.json()) as Wallet;
}

/** Signs in and lands on the Auto Pay panel (`open=ap`). */
export async function openAutoPay(page: Page, t: Translate, username: string): Promise<void> {
  await signIn(page, t, username, AUTO_PAY);
  await expect(page).toHaveURL(/\/billing\/pay-bill\?open=ap$/);
  await expect(page.getByRole('button', { name: t('billing.settings.autoPay'), exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

/** Signs in and lands on the wallet page. */
export async function openWallet(page: Page, t: Translate, username: string): Promise<void> {
  await signIn(page, t, username, WALLET);
  await expect(page).toHaveURL(/\/billing\/bill-pay-options$/);
  await expect(page.getByRole('heading', { level: 1, name: t('pages.billPayOptions') })).toBeVisible();
  await expect(page.getByTestId('wallet-count')).toBeVisible();
}

/** The Auto Pay panel of the Pay Bill page: the region its disclosure button controls. */
export async function autoPayPanel(page: Page, t: Translate): Promise<Locator> {
  const id = await page
    .getByRole('button', { name: t('billing.settings.autoPay'), exact: true })
    .getAttribute('aria-controls');
  if (!id) throw new Error('the Auto Pay panel button controls no region');
  return page.locator(`[id="${id}"]`);
}

/** A step of an Auto Pay flow: the form named by its heading. */
export function autoPayStep(page: Page, t: Translate, title: MessageId): Locator {
  return page.getByRole('form', { name: t(title) });
}

/** A payment method choice (radio) of a step, by its display label. */
export function methodChoice(step: Locator, label: string): Locator {
  return step.getByRole('radio', { name: label, exact: true });
}

/** A day of the debit-day picker. */
export function dayChoice(step: Locator, t: Translate, day: number): Locator {
  return step
    .getByRole('group', { name: t('autopay.day.legend') })
    .getByRole('radio', { name: String(day), exact: true });
}

/**
 * The value of a row of a definition list under `scope`, by its exact term ("Next payment" is not "Next payment
 * amount").
 */
export function definition(scope: Locator, term: string): Locator {
  const exact = new RegExp(`^\\s*${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return scope.locator('div', { has: scope.page().locator('dt', { hasText: exact }) }).locator('dd');
}

/**
 * Chooses a day as a pointer user does: a click on its square (the radio inside is visually hidden, so the label is
 * what is clicked).
 */
export async function chooseDay(step: Locator, t: Translate, day: number): Promise<void> {
  const radio = dayChoice(step, t, day);
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** The result of an Auto Pay change (enrol, method, date, cancel). */
export function autoPayResult(page: Page): Locator {
  return page.getByTestId('autopay-result');
}

/** One part of a result (a list item), by its text. */
export function resultPart(page: Page, text: string): Locator {
  return autoPayResult(page).getByTestId('autopay-result-parts').getByRole('listitem').filter({ hasText: text });
}

/** The enrolment card of the manage view for a service. */
export function enrollmentCard(page: Page, scope: 'core' | 'mobile'): Locator {
  return page.getByTestId(`autopay-enrollment-${scope}`);
}

/** A saved method of the wallet page, by its display label. */
export function walletItem(page: Page, label: string): Locator {
  return page
    .getByTestId('wallet-method')
    .filter({ has: page.getByRole('heading', { level: 3, name: label, exact: true }) });
}

/** The badges of a wallet item, as the list "Status of …" reads them. */
export function walletBadges(page: Page, t: Translate, label: string): Locator {
  return walletItem(page, label)
    .getByRole('list', { name: t('wallet.badges', { method: label }) })
    .getByRole('listitem');
}

/** A card's expiry the way the app shows it and the forms take it: `MM/YY`, and `MMYY` for typing. */
export function expiryOf(month: number, year: number): { shown: string; typed: string } {
  const mm = String(month).padStart(2, '0');
  const yy = String(year).slice(-2);
  return { shown: `${mm}/${yy}`, typed: `${mm}${yy}` };
}

/** The month after the one of `today` (for a card that is "expiring soon": this month or next). */
export function nextMonth(today: IsoDate): { month: number; year: number } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };
}

/** The next draft dates as the picker lists them. */
export function draftDates(locale: Locale, dates: readonly IsoDate[]): string[] {
  return dates.map((date) => paymentDate(locale, date));
}

const CLOCK_PATH = '/api/dev/clock';
const BILLING_SYSTEM_FAULTS_PATH = '/api/dev/billing-system/faults';

/**
 * The non-production time-travel control of the billing clock (clock.routes.ts), as the local operator. Moving
 * it runs the due work at once (statements, Auto Pay drafts, scheduled payments).
 */
export async function moveBillingClock(request: APIRequestContext, change: { advance: string } | { reset: true }) {
  const response = await request.post(CLOCK_PATH, {
    headers: await devControlHeaders(request),
    data: change,
  });
  expect(response.status(), `${CLOCK_PATH} ${JSON.stringify(change)}`).toBe(200);
  return (await response.json()) as { now: string; offsetMs: number };
}

/**
 * The simulated billing system's fault knobs (billing-system.ts): `{ operation, count }` makes its next `count` calls
 * of that operation fail; `{ reset: true }` disarms them all. They apply to every account: only the serial projects
 * use them.
 */
export async function setBillingSystemFaults(
  request: APIRequestContext,
  change:
    | { operation: 'autopayEnroll' | 'autopayCancel' | 'autopayChangeDate' | 'paperless'; count: number }
    | {
        reset: true;
      },
) {
  const response = await request.put(BILLING_SYSTEM_FAULTS_PATH, {
    headers: await devControlHeaders(request),
    data: change,
  });
  expect(response.status(), `${BILLING_SYSTEM_FAULTS_PATH} ${JSON.stringify(change)}`).toBe(200);
  return (await response.json()) as Record<string, number>;
}
