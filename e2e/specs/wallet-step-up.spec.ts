import { moveBillingClock, openWallet, walletItem } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/sign-in';

// Issue 18 item 3 (wider-portal.md §3): adding or removing a bank account needs a sign-in within the last 10 minutes.
// lakeside-manager's session is made older by moving the billing clock 11 minutes (so this runs in the serial `people`
// project, after the clock projects): saving a new savings account opens "Confirm it's you", and after the password
// the same request saves it; removing it right after needs no second confirmation. The wallet ends as it began
// (wallet.spec.ts and payments.spec.ts use lakeside's wallet in the earlier `chromium` project).

test.use({ appLocale: 'en' });

test('[WALLET] a bank account added after 10 minutes asks to confirm the password, then is saved; removing it follows', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  await openWallet(page, t, 'lakeside-manager');
  await moveBillingClock(request, { advance: '11m' });

  await page.getByRole('button', { name: t('payments.method.addBank') }).click();
  const form = page.getByRole('form', { name: t('payments.method.addBank') });
  await form.getByRole('textbox', { name: t('payments.bank.nameOnAccount') }).fill('Lakeside Property Group');
  await form.getByRole('radio', { name: t('payments.bank.accountType.savings') }).check();
  await form.getByRole('textbox', { name: t('payments.bank.routingNumber') }).fill('110000000');
  await form.getByRole('textbox', { name: t('payments.bank.accountNumber') }).fill('000333333338');
  await form.getByRole('button', { name: t('wallet.add.saveBank') }).click();

  const stepUp = page.getByRole('dialog', { name: t('session.stepUp.title') });
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(page);
  // by keyboard: the password, then Enter
  await stepUp.getByLabel(t('session.stepUp.password')).fill(DEMO_PASSWORD);
  await stepUp.getByLabel(t('session.stepUp.password')).press('Enter');
  await expect(stepUp).toBeHidden();

  const savings = t('billing.method.savings', { lastFour: '3338' });
  const item = walletItem(page, savings);
  await expect(item).toBeVisible();

  // the step-up just given covers the removal: no second dialog
  await item.getByRole('button', { name: t('wallet.delete') }).click();
  const confirm = page.getByRole('alertdialog', { name: t('wallet.delete.title', { method: savings }) });
  await confirm.getByRole('button', { name: t('wallet.delete') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('wallet.delete.done', { method: savings }) }),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(stepUp).toHaveCount(0);
});
