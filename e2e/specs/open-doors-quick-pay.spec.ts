import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { openEmail } from '../support/mailbox';
import { money } from '../support/payments';

// Issue 17 item 6, Done when: Harbor's bill paid by Quick Pay without signing in. It runs in the `open-doors` project
// (playwright.config.ts), after the projects that assert Harbor's balance and pay it down, and pays an amount of its
// own ("Other amount"), so that it depends on no balance.

const HARBOR = { account: '8260 1700 1001 1234', zip: '04101' };
const RECEIPT_TO = 'books@pinebookkeeping.example';
const AMOUNT_CENTS = 731;

// the one answer for wrong details is a 404 (QUICK_PAY_NOT_FOUND)
test.use({ appLocale: 'en', allowedHttpErrors: [404] });

test("[QUICKPAY] Harbor's bill is paid by Quick Pay without signing in, and the receipt is e-mailed", async ({
  page,
  t,
}) => {
  test.slow();
  await page.goto('/wg');
  await page.getByRole('link', { name: t('guest.payBill.title') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('payments.guest.title') })).toBeVisible();
  await expectNoAxeViolations(page);

  // wrong ZIP first: the same answer as an unknown account
  await page.getByRole('textbox', { name: t('payments.guest.billingAccount') }).fill(HARBOR.account);
  await page.getByRole('textbox', { name: t('payments.guest.zip') }).fill('04102');
  await page.getByRole('button', { name: t('payments.guest.lookup.submit') }).click();
  await expect(page.getByRole('heading', { name: t('payments.guest.notFound.title') })).toBeVisible();
  await page.getByRole('textbox', { name: t('payments.guest.zip') }).fill(HARBOR.zip);
  await page.getByRole('button', { name: t('payments.guest.lookup.submit') }).click();

  // only the masked company and the amounts
  await expect(
    page.getByRole('heading', { level: 2, name: t('payments.guest.bill.title', { company: 'Ha*** Co*** Co***' }) }),
  ).toBeVisible();
  await expect(page.getByText('Harbor Coffee')).toHaveCount(0);
  await expect(page.getByText('120 Commercial St')).toHaveCount(0);
  await page.getByRole('radio', { name: t('payments.amount.other') }).check();
  await page.getByRole('textbox', { name: t('payments.amount.otherField') }).fill('7.31');
  await page.getByRole('button', { name: t('payments.continue') }).click();
  // more than the amount due (the earlier projects leave Harbor's balance where they leave it) asks to confirm first
  const cardChoice = page.getByRole('radio', { name: t('payments.guest.kind.card') });
  const confirmAmount = page.getByRole('button', { name: t('payments.amount.confirm.confirm') });
  await expect(cardChoice.or(confirmAmount)).toBeVisible();
  if (await confirmAmount.isVisible()) await confirmAmount.click();

  // a new card only (no wallet), and the address for the receipt
  await expect(page.getByRole('radio', { name: t('payments.guest.kind.card') })).toBeChecked();
  await page.getByRole('textbox', { name: t('payments.card.nameOnCard') }).fill('Pine Bookkeeping');
  await page.getByRole('textbox', { name: t('payments.card.cardNumber') }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: t('payments.card.expiry') }).fill('0829');
  await page.getByRole('textbox', { name: t('payments.card.zip') }).fill('04101');
  await page.getByRole('textbox', { name: t('payments.card.securityCode') }).fill('123');
  await page.getByRole('textbox', { name: t('payments.guest.email') }).fill(RECEIPT_TO);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('payments.guest.pay', { amount: money('en', AMOUNT_CENTS) }) }).click();

  await expect(page.getByRole('heading', { name: t('payments.result.success.title') })).toBeFocused();
  const receipt = page.getByTestId('payment-receipt');
  await expect(receipt).toContainText(money('en', AMOUNT_CENTS));
  await expect(receipt).toContainText('Visa 4242');
  const confirmationNumber = (await receipt.locator('dd').first().textContent())?.trim() ?? '';
  expect(confirmationNumber).toMatch(/\S{6,}/);
  await expectNoAxeViolations(page);

  // the receipt went to the address typed, with its confirmation number
  const body = await openEmail(page, t, RECEIPT_TO, new RegExp(confirmationNumber));
  await expect(body).toContainText(money('en', AMOUNT_CENTS));
});
