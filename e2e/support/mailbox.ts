import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Locale } from '@vireo/shared';
import { expect, type Translate } from './fixtures';

/** The subject of an e-mail the server sends, in the recipient's language (apps/server/src/messages/<locale>.json). */
export function emailSubject(locale: Locale, id: string): string {
  const catalog = JSON.parse(
    readFileSync(new URL(`../../apps/server/src/messages/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const subject = catalog[id];
  if (subject === undefined) throw new Error(`no server message ${id}`);
  return subject;
}

/**
 * Opens /dev/mailbox filtered to `to` and the newest e-mail whose subject is `subject` (issue 17 item 1: a browser
 * test follows a link the way a person would); returns the opened message's text.
 */
export async function openEmail(page: Page, t: Translate, to: string, subject: string | RegExp): Promise<Locator> {
  await page.goto('/dev/mailbox');
  await page.getByRole('textbox', { name: t('mailbox.field.to') }).fill(to);
  await page.getByRole('button', { name: t('mailbox.filter.apply') }).click();
  const panel = page.getByRole('tabpanel', { name: t('mailbox.tab.emails') });
  const toggle = panel.getByRole('button', { name: subject }).first();
  await expect(toggle).toBeVisible();
  await toggle.click();
  const body = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(body).toBeVisible();
  return body;
}

/** Follows the portal link of an opened e-mail (`/verify-link?token=…`, `/create-sub-account?token=…`) in this tab. */
export async function followLink(body: Locator, path: string): Promise<void> {
  const link = body.getByRole('link', { name: new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=`) }).first();
  await expect(link).toBeVisible();
  await link.click();
}
