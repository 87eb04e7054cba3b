import type { Page } from '@playwright/test';
import { expect, type Translate } from './fixtures';

/**
 * Changes the signed-in user's password in the Security section of the open Profile & Settings page (issue 18 item 2)
 * and waits for the status line that says it is changed.
 */
export async function changePassword(page: Page, t: Translate, current: string, next: string): Promise<void> {
  await page.getByLabel(t('security.password.current'), { exact: true }).fill(current);
  await page.getByLabel(t('security.password.new'), { exact: true }).fill(next);
  await page.getByLabel(t('security.password.confirm'), { exact: true }).fill(next);
  await page.getByRole('button', { name: t('security.password.title') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('security.password.done') })).toBeVisible();
}
