import type { APIRequestContext } from '@playwright/test';
import { devControlHeaders } from '../support/dev-control';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Runs in its own project after every other spec: the maintenance flag applies to every user at once.

async function setMaintenance(request: APIRequestContext, enabled: boolean | null) {
  const response = await request.put('/api/dev/flags/maintenance', {
    headers: await devControlHeaders(request),
    data: { enabled },
  });
  expect(response.status()).toBe(200);
}

test('[AUTH] the maintenance flag sends a signed-in user to /maintenance', async ({ page, t }) => {
  await signIn(page, t, 'harbor-owner');
  await expect(page).toHaveURL(/\/account-summary$/);
  try {
    await setMaintenance(page.request, true);
    // The next API call answers 401 IN_MAINTENANCE: the app signs the user out and shows /maintenance. Going to
    // Billing makes that call; a background call may get there first (then the link is gone and the app is on its way
    // to /maintenance already). A reload would race that sign-out: reloading a guarded page after it goes to sign-in.
    await page
      .getByRole('navigation', { name: t('nav.label') })
      .getByRole('link', { name: t('nav.billing') })
      .click({ timeout: 2_000 })
      .catch(() => {});
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { level: 1, name: t('maintenance.title') })).toBeVisible();
  } finally {
    await setMaintenance(page.request, null);
  }
});
