import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 20 item 2 (wider-portal.md §7): harbor-owner confirms Harbor's installation (demo-data.md: in 3 days,
// 08:00-10:00, needing confirmation), moves it to another day by keyboard (the old time kept until then; the calendar
// file's SEQUENCE rises, its UID stays), then cancels it with a reason; harbor-staff sees it without a way to change
// it. The changes stay on Harbor's installation, which no other spec reads. One test: the steps depend on each other.

const CALENDAR = '/api/pub/sbnetserviceapptedge/v1/appointments/calendar/ORD-4471-2208/JOB-88213';

test('[VISITS] harbor-owner confirms the installation, moves it to another day, then cancels it; harbor-staff cannot', async ({
  page,
  t,
  baseURL,
}) => {
  // three people's steps in one test (two sign-ins, three changes, three axe scans)
  test.slow();
  await signIn(page, t, 'harbor-owner', '/service-appointments');
  const card = page.getByRole('article', { name: t('appointments.type.installation') });
  await expect(card).toContainText(t('appointments.status.confirmationNeeded'));
  await expectNoAxeViolations(page);
  const calendar = async () => (await page.request.get(`${baseURL}${CALENDAR}`)).text();
  const before = await calendar();
  expect(before).toContain('UID:JOB-88213@vireo-business.example');
  expect(before).toContain('SEQUENCE:0');

  // confirm
  await card.getByRole('button', { name: t('appointments.confirm') }).click();
  await expect(card.getByRole('status')).toHaveText(t('appointments.confirmed'));
  await expect(card).toContainText(t('appointments.status.confirmed'));
  const oldWindow = (await card.locator('p.text-lg').textContent()) ?? '';

  // move it, by keyboard: another day from the calendar, its first free time
  const change = card.getByRole('button', { name: t('appointments.reschedule') });
  await change.focus();
  await page.keyboard.press('Enter');
  const form = card.getByRole('form', { name: t('appointments.reschedule.title') });
  await expect(form).toContainText(t('appointments.reschedule.keep'));
  // the old time is still the visit's while the new one is chosen
  await expect(card.locator('p.text-lg')).toHaveText(oldWindow);
  await form.getByRole('button', { name: t('appointments.reschedule.otherDay') }).click();
  const dialog = page.getByRole('dialog', { name: t('appointments.reschedule.calendarTitle') });
  await expect(dialog).toBeVisible();
  // the next day that can be chosen (a Sunday or a full day cannot): arrows move by day, Enter chooses
  for (let step = 0; step < 14; step += 1) {
    await page.keyboard.press('ArrowRight');
    if ((await page.locator(':focus').getAttribute('aria-disabled')) !== 'true') break;
  }
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const free = form.getByRole('radio', { disabled: false }).first();
  await free.focus();
  await page.keyboard.press('Space');
  await expect(free).toBeChecked();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: t('appointments.reschedule.submit') }).click();
  await expect(card.getByRole('status')).toHaveText(t('appointments.rescheduled'));
  await expect(card.locator('p.text-lg')).not.toHaveText(oldWindow);
  const moved = await calendar();
  expect(moved).toContain('UID:JOB-88213@vireo-business.example');
  expect(moved).toContain('SEQUENCE:1');

  // harbor-staff (STANDARD) sees the visit and cannot change it
  const staff = await page.context().browser()?.newContext({ baseURL, locale: 'en-US' });
  if (!staff) throw new Error('no browser');
  const staffPage = await staff.newPage();
  await signIn(staffPage, t, 'harbor-staff', '/service-appointments');
  const staffCard = staffPage.getByRole('article', { name: t('appointments.type.installation') });
  await expect(staffCard).toContainText(t('appointments.status.confirmed'));
  await expect(staffCard.getByRole('button')).toHaveCount(0);
  await staff.close();

  // cancel it with a reason
  await card.getByRole('button', { name: t('appointments.cancel') }).click();
  const cancel = card.getByRole('form', { name: t('appointments.cancel.title') });
  await cancel.getByRole('radio', { name: t('appointments.reason.schedule') }).check();
  await cancel.getByRole('button', { name: t('appointments.cancel.submit') }).click();
  await expect(card.getByRole('status')).toHaveText(t('appointments.cancelled'));
  await expect(card).toContainText(t('appointments.status.cancelled'));
  await expect(card.getByRole('button')).toHaveCount(0);
  const cancelled = await calendar();
  expect(cancelled).toContain('METHOD:CANCEL');
  expect(cancelled).toContain('SEQUENCE:2');
  await expectNoAxeViolations(page);
});

test.describe('technician visits (es)', () => {
  test.use({ appLocale: 'es' });

  test('[VISITS] pinecrest-owner reads its repair visit in Spanish, with no message id left and no axe violation', async ({
    page,
    t,
  }) => {
    await signIn(page, t, 'pinecrest-owner', '/service-appointments');
    const card = page.getByRole('article', { name: t('appointments.type.repair') });
    await expect(card).toContainText(t('appointments.status.confirmed'));
    await expect(card.getByRole('button', { name: t('appointments.reschedule') })).toBeVisible();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(appointments|pages|ui)\.[a-z]+(\.[A-Za-z]+)*\b/);
    await expectNoAxeViolations(page);
  });
});
