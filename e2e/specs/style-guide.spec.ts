import type { Locale } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { asProduction } from '../support/dev-control';
import { expect, test } from '../support/fixtures';

// Issue 16 item 6: the living style guide at /dev/ui, open without sign-in outside production. Its screenshots are
// compared by the `visual` project (visual/screens.spec.ts); here: axe in both languages, every kind of control by
// keyboard, and nothing of it in production.

const STYLE_GUIDE = '/dev/ui';

for (const appLocale of ['en', 'es'] as const satisfies Locale[]) {
  test.describe(`style guide (${appLocale})`, () => {
    test.use({ appLocale });

    test(`[STYLE GUIDE] /dev/ui opens without sign-in, every section in its states, 0 axe violations (${appLocale})`, async ({
      page,
      t,
    }) => {
      await page.goto(STYLE_GUIDE);
      await expect(page.getByRole('heading', { level: 1, name: t('styleGuide.title') })).toBeVisible();
      const contents = page.getByRole('navigation', { name: t('styleGuide.contents') });
      await expect(contents.getByRole('link')).toHaveCount(21);
      for (const id of ['styleGuide.state.hover', 'styleGuide.state.focus', 'styleGuide.state.loading'] as const) {
        await expect(page.getByRole('figure', { name: t(id) }).first()).toBeVisible();
      }
      await expectNoAxeViolations(page);

      // a dialog open is checked too (its page behind is hidden from assistive technology); once: axe over the whole
      // guide takes ~10 s
      if (appLocale === 'en') {
        await page.getByRole('button', { name: t('styleGuide.dialogs.openConfirm') }).click();
        await expect(page.getByRole('alertdialog', { name: t('styleGuide.dialogs.confirmTitle') })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  });
}

test('[STYLE GUIDE] every kind of control works by keyboard', async ({ page, t }) => {
  await page.goto(STYLE_GUIDE);
  await expect(page.getByRole('heading', { level: 1, name: t('styleGuide.title') })).toBeVisible();

  // the contents: a link moves to its section, and the page stays
  const dialogsLink = page
    .getByRole('navigation', { name: t('styleGuide.contents') })
    .getByRole('link', { name: t('styleGuide.dialogs.title') });
  await dialogsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dev\/ui#dialogs$/);
  await expect(page.getByRole('heading', { level: 2, name: t('styleGuide.dialogs.title') })).toBeInViewport();

  // the notice: Enter opens it, focus on Close, Escape closes it, focus back on the button
  const openNotice = page.getByRole('button', { name: t('styleGuide.dialogs.openNotice') });
  await openNotice.focus();
  await page.keyboard.press('Enter');
  const notice = page.getByRole('alertdialog', { name: t('styleGuide.dialogs.noticeTitle') });
  await expect(notice.getByRole('button', { name: t('styleGuide.dialogs.close') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
  await expect(openNotice).toBeFocused();

  // the confirmation: focus on the choice that changes nothing; Tab stays inside; confirming shows it working
  await page.keyboard.press('Tab');
  const openConfirm = page.getByRole('button', { name: t('styleGuide.dialogs.openConfirm') });
  await expect(openConfirm).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: t('styleGuide.dialogs.confirmTitle') });
  await expect(confirm.getByRole('button', { name: t('styleGuide.dialogs.cancel') })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: t('styleGuide.dialogs.confirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('status')).toHaveText(t('styleGuide.dialogs.removing'));
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(t('styleGuide.dialogs.removed'))).toBeVisible();
  await expect(openConfirm).toBeFocused();

  // the calendar: Enter opens it on the field's date, arrows move, Enter chooses; focus back on its button
  const dateSection = page.locator('#date-picker');
  const calendarButton = dateSection.getByRole('button', { name: t('payments.date.calendar') }).first();
  await calendarButton.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: t('payments.date.calendarTitle') });
  await expect(calendar.getByRole('grid')).toBeVisible();
  await page.keyboard.press('ArrowRight'); // Nov 20, 2026 is a Friday: Saturday is unavailable
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // Monday, Nov 23
  // the day has focus before Enter chooses it (a loaded CI machine once sent Enter while focus was still moving)
  await expect(calendar.getByRole('button', { name: /November 23, 2026/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(dateSection.getByRole('textbox').first()).toHaveValue('11/23/26');
  await expect(calendarButton).toBeFocused();

  // radio rows: arrow keys choose; a disabled row is skipped
  const amounts = page
    .locator('#radio')
    .getByRole('group', { name: t('styleGuide.sample.amount') })
    .first();
  await amounts.getByRole('radio', { name: t('styleGuide.sample.amountDue') }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(amounts.getByRole('radio', { name: t('styleGuide.sample.pastDue') })).toBeChecked();

  // a checkbox: Space
  const box = page
    .locator('#checkbox')
    .getByRole('checkbox', { name: t('styleGuide.sample.checkbox') })
    .first();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();

  // a form of the kit: Enter on Check shows the error summary and moves focus to the field in error
  const form = page.locator('#form-alerts').getByRole('form').first();
  await form.getByRole('button', { name: t('styleGuide.sample.check') }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByText(t('payments.errors.correctFields'))).toBeVisible();
  await expect(form.getByRole('textbox', { name: t('styleGuide.sample.field') })).toBeFocused();

  // inline edit: Edit opens the field (focused), Cancel closes it and focus returns to Edit
  const inline = page.locator('#inline-edit');
  const edit = inline.getByRole('button', {
    name: t('styleGuide.inlineEdit.edit', { name: t('styleGuide.sample.field') }),
  });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(inline.getByRole('textbox', { name: t('styleGuide.sample.field') })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(inline.getByRole('button', { name: t('styleGuide.sample.secondary') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edit).toBeFocused();

  // the pager: Older moves a page; at the newest end, Newer stays focusable but does nothing
  const pager = page.locator('#pager').getByRole('navigation').first();
  const newer = pager.getByRole('button', { name: t('billing.pager.newer') });
  await newer.focus();
  await page.keyboard.press('Enter');
  await expect(newer).toHaveAttribute('aria-disabled', 'true');
  await expect(newer).toBeFocused();

  // the error notice's Try again: busy while it retries
  const retry = page
    .locator('#errors')
    .getByRole('button', { name: t('ui.retry') })
    .first();
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(retry).toHaveAttribute('aria-disabled', 'true');
  await expect(retry).not.toHaveAttribute('aria-disabled');
});

test('[STYLE GUIDE] in production /dev/ui is a page that does not exist, and its code is never fetched', async ({
  page,
  t,
}) => {
  const fetched = await asProduction(page);
  await page.goto(STYLE_GUIDE);
  await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('styleGuide.title') })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((url) => url.includes('style-guide'))).toEqual([]);
});
