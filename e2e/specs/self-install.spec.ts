import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { devControlHeaders } from '../support/dev-control';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 21 item 6 (wider-portal.md §9), Done when: maple-owner activates the kit through a simulated failure and a
// retry. demo-data.md: Maple's kit shipped and not yet activated. By keyboard: the box checked (Continue refused until
// every item is ticked), the connection steps, activation (the provisioning system's `provision` knob fails the second
// step, its reason is said, spec §2.4's leave-page warning keeps the page, Try again finishes it), then the Wi-Fi.

/** The simulated provisioning system's fault knobs (global to the server): the next `count` calls fail. */
async function provisioningFault(request: APIRequestContext, operation: string, count: number) {
  const response = await request.put('/api/dev/provisioning/faults', {
    headers: await devControlHeaders(request),
    data: { operation, count },
  });
  expect(response.status()).toBe(200);
}

test('[SELF-INSTALL] maple-owner activates the kit through a simulated failure and a retry, then names the Wi-Fi', async ({
  page,
  request,
  t,
}) => {
  await signIn(page, t, 'maple-owner', '/selfinstall');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.start.title') })).toBeVisible();
  await expect(main).toContainText('Vireo DOCSIS 4.0 Business Gateway');
  await expectNoAxeViolations(page);
  await main.getByRole('link', { name: t('selfInstall.next.checkContents') }).press('Enter');

  // the box: Continue refused until every item is ticked
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.checkContents.title') })).toBeVisible();
  const next = main.getByRole('button', { name: t('selfInstall.continue') });
  await next.press('Enter');
  await expect(main.getByText(t('selfInstall.checkContents.incomplete'))).toBeVisible();
  for (const item of [
    'selfInstall.checkContents.gateway',
    'selfInstall.checkContents.powerAdapter',
    'selfInstall.checkContents.coax',
    'selfInstall.checkContents.ethernet',
  ] as const) {
    await main.getByRole('checkbox', { name: t(item) }).press('Space');
  }
  await next.press('Enter');
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.connect.title') })).toBeVisible();
  await main.getByRole('link', { name: t('selfInstall.continue') }).press('Enter');

  // activation: the second step fails once (the provisioning system's knob)
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.activate.title') })).toBeVisible();
  await provisioningFault(request, 'provision', 1);
  await main.getByRole('button', { name: t('selfInstall.activate.start') }).press('Enter');
  const steps = main.getByRole('region', { name: t('selfInstall.activate.stepsTitle') });
  await expect(steps).toContainText(t('selfInstall.failure.provisioningFailed'));
  await expect(steps).toContainText(t('selfInstall.state.done'));
  await expectNoAxeViolations(page);

  // leaving mid-way asks first; staying keeps the page
  await main.getByRole('link', { name: t('selfInstall.back') }).press('Enter');
  const leave = page.getByRole('alertdialog', { name: t('selfInstall.leave.title') });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: t('selfInstall.leave.stay') }).press('Enter');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/selfinstall\/activate$/);

  // the retry finishes it
  await main.getByRole('button', { name: t('selfInstall.activate.retry') }).press('Enter');
  await expect(main.getByText(t('selfInstall.activate.online'), { exact: true })).toBeVisible();
  const wifi = main.getByRole('link', { name: t('selfInstall.next.wifi') });
  await expect(wifi).toBeFocused();
  await page.keyboard.press('Enter');

  // the Wi-Fi: the password's rule at its field, then saved
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.wifi.title') })).toBeVisible();
  await main.getByRole('textbox', { name: t('selfInstall.wifi.nameLabel') }).fill('Maple Bakery');
  const password = main.getByLabel(t('selfInstall.wifi.passwordLabel'), { exact: true });
  await password.fill('short');
  await main.getByRole('button', { name: t('selfInstall.wifi.save') }).press('Enter');
  await expect(main.getByText(t('selfInstall.wifi.password.tooShort'))).toBeVisible();
  await password.fill('croissant-42');
  await main.getByRole('button', { name: t('selfInstall.wifi.save') }).press('Enter');
  await expect(main.getByRole('heading', { level: 1, name: t('selfInstall.done.title') })).toBeVisible();
  await expect(main).toContainText('Maple Bakery');
  await expectNoAxeViolations(page);
});
