import { type Locale, SESSION_PROFILE_PATH } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { asProduction } from '../support/dev-control';
import { expect, test } from '../support/fixtures';
import {
  continueWithDate,
  continueWithOtherAmount,
  continueWithSavedMethod,
  getPaymentOptions,
  money,
  openOneTimePayment,
  payButton,
  receiptConfirmationNumber,
} from '../support/payments';

// Issue 17 item 1: the non-production mailbox at /dev/mailbox (wider-portal.md §2), open signed in or out. A payment's
// receipt is found there by the confirmation number the success page shows, opened, and its HTML part read.
//
// The payer is riverbend-billing, not a Harbor user: specs of this project run in parallel, billing.spec.ts asserts
// Harbor's $289.47 amount due, and payments.spec.ts keeps the payments that change it for the `clock` project.
// Riverbend's amount due is $0.00 (Auto Pay paid it); its payments of small odd amounts are each found by their own
// confirmation number (payments.spec.ts), and so is this one.

const MAILBOX = '/dev/mailbox';
const PAYER = 'riverbend-billing';
/** demo-data.md: every demo user's e-mail is <username>@<company domain>. */
const PAYER_EMAIL = 'riverbend-billing@riverbendauto.example';
/** One amount per language, used by no other spec. */
const AMOUNT_CENTS: Record<Locale, number> = { en: 1_093, es: 1_094 };

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`mailbox (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[MAILBOX] a payment's receipt is in /dev/mailbox, with its amount and its HTML version, signed in and out (${appLocale})`, async ({
      page,
      t,
    }) => {
      test.slow();
      const amountCents = AMOUNT_CENTS[appLocale];
      const amount = money(appLocale, amountCents);
      await openOneTimePayment(page, t, PAYER);
      const options = await getPaymentOptions(page);
      await continueWithOtherAmount(page, t, appLocale, amountCents, options.amountDueCents);
      await continueWithSavedMethod(page, t, 'Mastercard 4444', '123');
      await continueWithDate(page, t);
      await payButton(page, t, appLocale, amountCents).click();
      await expect(page.getByRole('heading', { name: t('payments.result.success.title') })).toBeFocused();
      const confirmationNumber = await receiptConfirmationNumber(page, t);

      // Signed in: the mailbox, filtered to the payer, has the receipt; its subject names the confirmation number.
      await page.goto(MAILBOX);
      await expect(page.getByRole('heading', { level: 1, name: t('mailbox.title') })).toBeVisible();
      await expect(page.getByRole('tab', { name: t('mailbox.tab.emails') })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('textbox', { name: t('mailbox.field.to') }).fill(PAYER_EMAIL);
      await page.getByRole('button', { name: t('mailbox.filter.apply') }).click();
      const panel = page.getByRole('tabpanel', { name: t('mailbox.tab.emails') });
      const toggle = panel.getByRole('button', { name: confirmationNumber });
      await expect(toggle).toBeVisible();
      // every message listed is to the payer
      const recipients = await panel
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.querySelector('dd')?.textContent));
      expect(new Set(recipients)).toEqual(new Set([PAYER_EMAIL]));
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const body = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      await expect(body).toBeVisible();
      await expect(body).toContainText(confirmationNumber);
      await expect(body).toContainText(amount);
      await expectNoAxeViolations(page);

      // The HTML part opens in a tab of its own, with the receipt's text.
      const htmlLink = body.getByRole('link', { name: `${t('mailbox.html')} ${t('mailbox.newTab')}` });
      await expect(htmlLink).toHaveAttribute('target', '_blank');
      const [html] = await Promise.all([page.context().waitForEvent('page'), htmlLink.click()]);
      await html.waitForLoadState();
      await expect(html.locator('body')).toContainText(confirmationNumber);
      await expect(html.locator('body')).toContainText(amount);
      await html.close();

      // Signed out (no cookies: a visitor), the page and the receipt are there all the same.
      await page.context().clearCookies();
      expect((await page.request.get(SESSION_PROFILE_PATH)).status()).toBe(401);
      await page.goto(MAILBOX);
      await page.getByRole('textbox', { name: t('mailbox.field.to') }).fill(PAYER_EMAIL);
      await page.keyboard.press('Enter');
      const again = page.getByRole('button', { name: confirmationNumber });
      await again.click();
      await expect(page.locator(`[id="${await again.getAttribute('aria-controls')}"]`)).toContainText(amount);
      await expectNoAxeViolations(page);
    });

    test(`[MAILBOX] a visitor opens /dev/mailbox: both tabs, 0 axe violations (${appLocale})`, async ({ page, t }) => {
      await page.goto(MAILBOX);
      await expect(page.getByRole('heading', { level: 1, name: t('mailbox.title') })).toBeVisible();
      await expect(page.getByText(t('mailbox.intro'))).toBeVisible();
      // the list of e-mail, or the sentence that there is none yet, whatever other specs have sent so far
      const emails = page.getByRole('tabpanel', { name: t('mailbox.tab.emails') });
      await expect(emails.getByRole('list').or(emails.getByText(t('mailbox.emails.empty')))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: t('mailbox.tab.texts') }).click();
      const texts = page.getByRole('tabpanel', { name: t('mailbox.tab.texts') });
      await expect(texts.getByRole('list').or(texts.getByText(t('mailbox.texts.empty')))).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test('[MAILBOX] the filter, the tabs, the list and a message work by keyboard', async ({ page, t }) => {
  test.slow();
  // a receipt of its own to open
  await openOneTimePayment(page, t, PAYER);
  const options = await getPaymentOptions(page);
  await continueWithOtherAmount(page, t, 'en', 1_095, options.amountDueCents);
  await continueWithSavedMethod(page, t, 'Mastercard 4444', '123');
  await continueWithDate(page, t);
  await payButton(page, t, 'en', 1_095).click();
  const confirmationNumber = await receiptConfirmationNumber(page, t);

  await page.goto(MAILBOX);
  const field = page.getByRole('textbox', { name: t('mailbox.field.to') });
  await field.focus();
  await page.keyboard.type(PAYER_EMAIL);
  await page.keyboard.press('Enter');
  const toggle = page.getByRole('button', { name: confirmationNumber });
  await expect(toggle).toBeVisible();
  // Enter kept focus in the field; then come Filter and, a filter being set, Show every recipient
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('mailbox.filter.apply') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('mailbox.filter.clear') })).toBeFocused();

  // The tabs: the arrow keys move and select; Tab leaves the tab list for the panel, then Refresh, then the messages.
  const emailTab = page.getByRole('tab', { name: t('mailbox.tab.emails') });
  const textTab = page.getByRole('tab', { name: t('mailbox.tab.texts') });
  await page.keyboard.press('Tab');
  await expect(emailTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(textTab).toBeFocused();
  await expect(textTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: t('mailbox.tab.texts') })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(emailTab).toBeFocused();
  await expect(emailTab).toHaveAttribute('aria-selected', 'true');
  await expect(toggle).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: t('mailbox.tab.emails') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('mailbox.refresh') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel').getByRole('button', { expanded: false }).first()).toBeFocused();

  // A message: Enter opens it, Tab reaches its HTML version, Shift+Tab and Space close it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const body = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(body).toContainText(money('en', 1_095));
  await page.keyboard.press('Tab');
  await expect(body.getByRole('link', { name: `${t('mailbox.html')} ${t('mailbox.newTab')}` })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(body).toBeHidden();
});

test('[MAILBOX] in production /dev/mailbox is a page that does not exist, and its code is never fetched', async ({
  page,
  t,
}) => {
  const fetched = await asProduction(page);
  await page.goto(MAILBOX);
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('mailbox.title') })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // neither its chunks and messages nor its API: the page's own address is the only request that names it
  expect(fetched.filter((url) => url.includes('mailbox') && new URL(url).pathname !== MAILBOX)).toEqual([]);
});
