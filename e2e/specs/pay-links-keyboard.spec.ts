import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 17 item 7: the pay links page by keyboard alone, in Spanish: a link made (fields reached with Tab, sent with
// Enter), its address shown once, then revoked through the confirmation. It makes and revokes a link of Harbor's and
// pays nothing, so it runs with the chromium project.

test.use({ appLocale: 'es' });

test('[PAYLINK] harbor-owner makes and revokes a pay link by keyboard alone, in Spanish', async ({ page, t }) => {
  await signIn(page, t, 'harbor-owner', '/billing/pay-links');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.payLinks') })).toBeVisible();
  // base 36: thirteen decimal digits would pass the Luhn check one time in ten and be refused as a card number
  const note = `Teclado ${Date.now().toString(36)}`;

  await page.getByRole('textbox', { name: t('payLinks.field.cap') }).focus();
  await page.keyboard.type('75');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: t('payLinks.field.days') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: t('payLinks.field.uses') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: t('payLinks.field.note') })).toBeFocused();
  await page.keyboard.type(note);
  await page.keyboard.press('Enter');

  // the address, once, with its heading focused so that a screen reader says the link is ready
  await expect(page.getByRole('heading', { name: t('payLinks.created.title') })).toBeFocused();
  await expect(page.getByRole('textbox', { name: t('payLinks.created.field') })).toHaveValue(/\/wg\/pay-bill\?link=/);
  await expectNoAxeViolations(page);

  // revoke it: Enter on its Revoke button opens the confirmation, Enter on Revoke link confirms
  const item = page.getByRole('listitem').filter({ hasText: note });
  const revoke = item.getByRole('button', { name: t('payLinks.revoke') });
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: t('payLinks.revoke.title') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: t('payLinks.revoke.confirm') }).focus();
  await page.keyboard.press('Enter');
  await expect(item).toContainText(t('payLinks.status.revoked'));
  await expect(item.getByRole('button', { name: t('payLinks.revoke') })).toHaveCount(0);
});
