import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, openEmail } from '../support/mailbox';
import { money } from '../support/payments';
import { signIn } from '../support/sign-in';

// Issue 17 item 7, Done when: a $100 pay link is made, $50 is paid through it signed out, $150 is refused, and the link
// is refused once revoked. It runs in the `open-doors` project (playwright.config.ts), after the projects that assert
// Harbor's balance, since it pays Harbor's bill. harbor-billing (BILLING) makes the link: the creator is e-mailed.

const CREATOR = 'harbor-billing';
const CREATOR_EMAIL = 'harbor-billing@harborcoffee.example';
const NOTE = 'November bill';

// a revoked link is answered 410 (PAY_LINK_REVOKED)
test.use({ appLocale: 'en', allowedHttpErrors: [410] });

test('[PAYLINK] a $100 pay link pays $50 signed out, refuses $150, and is refused once revoked', async ({
  page,
  t,
}) => {
  test.slow();
  await signIn(page, t, CREATOR, '/billing/pay-links');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.payLinks') })).toBeVisible();
  await expectNoAxeViolations(page);

  // make the link: $100 in all, 3 payments, the default expiry, a note
  await page.getByRole('textbox', { name: t('payLinks.field.cap') }).fill('100');
  await page.getByRole('textbox', { name: t('payLinks.field.uses') }).fill('3');
  await page.getByRole('textbox', { name: t('payLinks.field.note') }).fill(NOTE);
  await page.getByRole('button', { name: t('payLinks.create.submit') }).click();
  await expect(page.getByRole('heading', { name: t('payLinks.created.title') })).toBeVisible();
  const url = await page.getByRole('textbox', { name: t('payLinks.created.field') }).inputValue();
  expect(url).toMatch(/\/wg\/pay-bill\?link=[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page);

  // signed out, the link opens Quick Pay with the account filled in and what the link allows
  await page.context().clearCookies();
  await page.goto(url);
  await expect(
    page.getByRole('heading', { level: 2, name: t('payments.guest.bill.title', { company: 'Ha*** Co*** Co***' }) }),
  ).toBeVisible();
  await expect(page.getByText(money('en', 10_000), { exact: false }).first()).toBeVisible();
  await expect(page.getByText(NOTE, { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('payments.guest.billingAccount') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: t('payments.amount.other') }).check();
  await page.getByRole('textbox', { name: t('payments.amount.otherField') }).fill('50');
  await page.getByRole('button', { name: t('payments.continue') }).click();
  // more than the amount due (the earlier projects leave Harbor's balance where they leave it) asks to confirm first
  const cardChoice = page.getByRole('radio', { name: t('payments.guest.kind.card') });
  const confirmAmount = page.getByRole('button', { name: t('payments.amount.confirm.confirm') });
  await expect(cardChoice.or(confirmAmount)).toBeVisible();
  if (await confirmAmount.isVisible()) await confirmAmount.click();
  await expect(cardChoice).toBeChecked();
  await page.getByRole('textbox', { name: t('payments.card.nameOnCard') }).fill('Pine Bookkeeping');
  await page.getByRole('textbox', { name: t('payments.card.cardNumber') }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: t('payments.card.expiry') }).fill('0829');
  await page.getByRole('textbox', { name: t('payments.card.zip') }).fill('04101');
  await page.getByRole('textbox', { name: t('payments.card.securityCode') }).fill('123');
  await page.getByRole('textbox', { name: t('payments.guest.email') }).fill('books@pinebookkeeping.example');
  await page.getByRole('button', { name: t('payments.guest.pay', { amount: money('en', 5_000) }) }).click();
  await expect(page.getByRole('heading', { name: t('payments.result.success.title') })).toBeFocused();
  await expect(page.getByTestId('payment-receipt')).toContainText(money('en', 5_000));

  // the link again: $50 is left of its cap, so $150 is refused on the page, before any card is asked for
  await page.goto(url);
  await expect(page.getByText(money('en', 5_000), { exact: false }).first()).toBeVisible();
  await page.getByRole('radio', { name: t('payments.amount.other') }).check();
  await page.getByRole('textbox', { name: t('payments.amount.otherField') }).fill('150');
  await page.getByRole('button', { name: t('payments.continue') }).click();
  await expect(
    page.getByText(t('payments.amount.range', { minCents: money('en', 100), maxCents: money('en', 5_000) })),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('payments.card.cardNumber') })).toHaveCount(0);

  // the creator was e-mailed about the use
  const notice = await openEmail(page, t, CREATOR_EMAIL, /pay link/);
  await expect(notice).toContainText(money('en', 5_000));
  await expect(notice).toContainText(NOTE);
  expect(emailSubject('en', 'payLink.used.subject')).toContain('{amount}');

  // the creator sees what it took, and revokes it
  await signIn(page, t, CREATOR, '/billing/pay-links');
  const item = page.getByRole('listitem').filter({ hasText: NOTE }).first();
  await expect(item).toContainText(t('payLinks.status.active'));
  await expect(item).toContainText(money('en', 5_000));
  await item.getByRole('button', { name: t('payLinks.revoke') }).click();
  await page.getByRole('button', { name: t('payLinks.revoke.confirm') }).click();
  await expect(item).toContainText(t('payLinks.status.revoked'));
  await expectNoAxeViolations(page);

  // signed out again, the revoked link says so and charges nothing
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: t('payments.guest.link.revoked.title') })).toBeVisible();
  await expectNoAxeViolations(page);
});
