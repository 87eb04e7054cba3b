import type { Page } from '@playwright/test';
import { expect, type Translate } from './fixtures';

export const DEMO_PASSWORD = 'Vireo-Demo-2026';

/** Signs in through the sign-in screen as a person would: fills the form and presses Sign In. */
export async function signInThroughForm(
  page: Page,
  t: Translate,
  username: string,
  options: { password?: string; rememberMe?: boolean } = {},
) {
  await expect(page.getByRole('heading', { name: t('signIn.title') })).toBeVisible();
  await page.getByLabel(t('signIn.username')).fill(username);
  await page.getByLabel(t('signIn.password')).fill(options.password ?? DEMO_PASSWORD);
  if (options.rememberMe) await page.getByRole('checkbox', { name: t('signIn.rememberMe') }).check();
  await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
}

/** Opens the sign-in screen (the SPA starts the OIDC flow) and signs in. */
export async function signIn(page: Page, t: Translate, username: string, targetUrl?: string) {
  await page.goto(targetUrl ? `/login?targetUrl=${encodeURIComponent(targetUrl)}` : '/login');
  await signInThroughForm(page, t, username);
}
