import { readFileSync } from 'node:fs';
import type { Request } from '@playwright/test';
import {
  ANALYTICS_CHOICE_COOKIE,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MY_EVENTS_PATH,
  type AnalyticsBatch,
  type Locale,
  MyAnalyticsExportSchema,
  type MyAnalyticsPage,
} from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 23 item 3 (wider-portal.md §11): Global Privacy Control and the person's own choice limit collection to the
// operational events (API calls and errors); the privacy page shows what was kept about the person, downloads it and
// deletes it. Users of their own: the analytics spec reads harbor-billing's events, and this spec deletes events and
// turns usage analytics off (each test turns it back on).

/** Every batch the page sends to the ingest. */
function watchBatches(page: import('@playwright/test').Page): AnalyticsBatch[] {
  const sent: AnalyticsBatch[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(ANALYTICS_EVENTS_PATH)) {
      sent.push(JSON.parse(request.postData() ?? '{}') as AnalyticsBatch);
    }
  });
  return sent;
}

test.describe('with Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  test('[PRIVACY] a signed-in visit sends and keeps calls and errors, never a page view', async ({ page, t }) => {
    test.slow();
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const sent = watchBatches(page);
    await signIn(page, t, 'harbor-admin', '/account-summary');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: t('nav.label') });
    await menu.getByRole('link', { name: t('nav.billing'), exact: true }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => sent.flatMap((batch) => batch.events).length, { timeout: 15_000 }).toBeGreaterThan(2);
    const events = sent.flatMap((batch) => batch.events);
    expect(events.filter((event) => event.type === 'page_view')).toEqual([]);
    expect(events.some((event) => event.type === 'api_call')).toBe(true);
    // what the server kept of this person: calls, and no page view (the ingest applies the signal too)
    await expect
      .poll(async () => ((await (await page.request.get(ANALYTICS_MY_EVENTS_PATH)).json()) as MyAnalyticsPage).total)
      .toBeGreaterThan(0);
    const kept = (await (await page.request.get(`${ANALYTICS_MY_EVENTS_PATH}?limit=100`)).json()) as MyAnalyticsPage;
    expect(kept.items.filter((item) => item.event.type === 'page_view')).toEqual([]);
    // the privacy page says so
    await page.goto('/profile-and-settings/privacy');
    await expect(page.getByText(t('privacy.gpc'))).toBeVisible();
    await expect(page.getByText(t('privacy.collecting.operational'))).toBeVisible();
  });
});

const USERS: Record<Locale, string> = { en: 'northgate-owner', es: 'maple-owner' };

for (const appLocale of ['en', 'es'] as const) {
  test.describe(`the privacy page (${appLocale})`, () => {
    test.use({ appLocale });
    test(`[PRIVACY] a person turns usage analytics off, downloads and deletes what was kept, by keyboard (${appLocale})`, async ({
      page,
      t,
    }) => {
      test.slow();
      const sent = watchBatches(page);
      await signIn(page, t, USERS[appLocale], '/profile-and-settings');
      // the Privacy section of Profile & Settings, and its link to the page
      const section = page.getByRole('region', { name: t('privacy.title') });
      await expect(section.getByRole('checkbox', { name: t('privacy.usage.label') })).toBeChecked();
      // the sign-in's and this page's events reach the server (a batch every two seconds)
      await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await section.getByRole('link', { name: t('privacy.seeCollected') }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/profile-and-settings\/privacy$/);
      const table = page.getByRole('table', { name: t('privacy.table.caption') });
      await expect(table).toBeVisible();
      await expect(table.getByText(t('privacy.kind.pageView')).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // usage analytics off, by keyboard: saved, and the browser stops sending page views
      const usage = page.getByRole('checkbox', { name: t('privacy.usage.label') });
      await usage.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText(t('privacy.saved.off'))).toBeVisible();
      await expect(usage).not.toBeChecked();
      expect((await page.context().cookies()).find((cookie) => cookie.name === ANALYTICS_CHOICE_COOKIE)?.value).toBe(
        'operational',
      );
      const before = sent.length;
      await page.reload();
      await expect(page.getByRole('table', { name: t('privacy.table.caption') })).toBeVisible();
      await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(before);
      expect(sent.slice(before).flatMap((batch) => batch.events.filter((event) => event.type === 'page_view'))).toEqual(
        [],
      );

      // the download: every event kept, as JSON
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t('privacy.download') }).click(),
      ]);
      const exported = MyAnalyticsExportSchema.parse(
        JSON.parse(readFileSync((await download.path()) as string, 'utf8')),
      );
      expect(exported.events.length).toBeGreaterThan(0);

      // delete all, by keyboard through the confirm dialog
      await page.getByRole('button', { name: t('privacy.delete') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: t('privacy.delete.title') });
      await expect(dialog.getByRole('button', { name: t('privacy.delete.keep') })).toBeFocused();
      await expectNoAxeViolations(page);
      // focus stays in the dialog: from Keep them, Tab goes round to the confirming button
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: t('privacy.delete.confirm') })).toBeFocused();
      const deleting = page.waitForResponse(
        (response) => response.request().method() === 'DELETE' && response.url().endsWith(ANALYTICS_MY_EVENTS_PATH),
      );
      await page.keyboard.press('Enter');
      const { deleted } = (await (await deleting).json()) as { deleted: number };
      expect(deleted).toBeGreaterThanOrEqual(exported.events.length);
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t('privacy.delete.done', { count: deleted }))).toBeVisible();
      // what is kept afterwards is only what the page did since (its own calls are operational events)
      const after = (await (await page.request.get(`${ANALYTICS_MY_EVENTS_PATH}?limit=100`)).json()) as MyAnalyticsPage;
      expect(after.total).toBeLessThan(deleted);
      expect(after.items.filter((item) => item.event.type === 'page_view')).toEqual([]);
      await expectNoAxeViolations(page);

      // back on, by keyboard
      await usage.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText(t('privacy.saved.on'))).toBeVisible();
      expect((await page.context().cookies()).some((cookie) => cookie.name === ANALYTICS_CHOICE_COOKIE)).toBe(false);
    });
  });
}
