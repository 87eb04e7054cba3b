import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { devControlHeaders } from '../support/dev-control';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 21 item 5 (wider-portal.md §9), Done when: riverbend-owner starts troubleshooting and is shown the outage
// first (demo-data.md: the Orlando outage covers its address), and nothing about its equipment; pinecrest-owner (no
// outage) restarts its modem by keyboard: network operations' `restartRecovery` knob keeps it offline, the next
// restart brings it back, and the ticket link opens the support form begun with what was found. axe on each state.

/** Network operations' fault knobs (global to the server): the next `count` calls of `operation` fail. */
async function networkFault(request: APIRequestContext, operation: string, count: number) {
  const response = await request.put('/api/dev/network-ops/faults', {
    headers: await devControlHeaders(request),
    data: { operation, count },
  });
  expect(response.status()).toBe(200);
}

test('[TROUBLESHOOT] riverbend-owner starts troubleshooting and is shown the outage first', async ({ page, t }) => {
  await signIn(page, t, 'riverbend-owner', '/troubleshoot-stub');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('support.troubleshoot.title.internet') })).toBeVisible();
  const step = main.getByRole('region', { name: t('support.troubleshoot.step.outage') });
  await expect(step.getByRole('heading', { name: t('support.troubleshoot.outage.title') })).toBeVisible();
  await expect(step).toContainText('OUT-24117');
  await expect(step).toContainText(t('support.troubleshoot.outage.stop'));
  // the check stopped there: no equipment, no restart, no ticket step
  await expect(main.getByRole('region', { name: t('support.troubleshoot.step.equipment') })).toHaveCount(0);
  await expect(main.getByRole('button', { name: new RegExp(t('support.troubleshoot.restart')) })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // by keyboard to what can be done meanwhile: the outage map
  const map = step.getByRole('link', { name: t('support.troubleshoot.outage.map') });
  await map.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/outage-map$/);
});

test('[TROUBLESHOOT] pinecrest-owner restarts the modem by keyboard: still offline, then back, then a ticket begun', async ({
  page,
  request,
  t,
}) => {
  await signIn(page, t, 'pinecrest-owner', '/troubleshoot-stub');
  const main = page.getByRole('main');
  const outage = main.getByRole('region', { name: t('support.troubleshoot.step.outage') });
  await expect(outage.getByText(/^No outage at .+\.$/)).toBeVisible();
  const equipment = main.getByRole('region', { name: t('support.troubleshoot.step.equipment') });
  const modem = t('services.device.modem');
  await expect(equipment).toContainText(modem);
  await expect(equipment.getByText(t('services.device.online'), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // the device restarts but does not come back (network operations' knob)
  await networkFault(request, 'restartRecovery', 1);
  const restart = equipment.getByRole('button', { name: t('support.troubleshoot.restart.of', { name: modem }) });
  await restart.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: t('support.troubleshoot.confirm.title', { name: modem }) });
  await expect(dialog.getByRole('button', { name: t('support.troubleshoot.confirm.no') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: t('support.troubleshoot.confirm.yes') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(equipment.getByText(t('support.troubleshoot.restart.offline', { name: modem }))).toBeVisible();
  await expect(equipment.getByText(t('services.device.offline'), { exact: true })).toBeVisible();
  await expect(restart).toBeFocused();
  await expectNoAxeViolations(page);

  // again: this time it comes back
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: t('support.troubleshoot.confirm.yes') }).press('Enter');
  await expect(equipment.getByText(t('support.troubleshoot.restart.online', { name: modem }))).toBeVisible();
  await expect(equipment.getByText(t('services.device.online'), { exact: true })).toBeVisible();

  // the ticket begins with what was found (the modem that stayed offline)
  const ticket = main.getByRole('link', { name: t('support.troubleshoot.ticket.link') });
  await ticket.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/support\/forms\?/);
  await expect(main.getByRole('combobox', { name: t('support.forms.topic.label') })).toHaveValue('internet');
  await expect(main.getByRole('textbox', { name: new RegExp(`^${t('support.forms.subject.label')}`) })).toHaveValue(
    t('support.troubleshoot.ticket.subject.offline', { name: modem }),
  );
});
