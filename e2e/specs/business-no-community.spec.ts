import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNIT_ACCESS_PATH,
  COMMUNITY_UNIT_PATH,
  CSRF_HEADER,
  CSRF_PATH,
} from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 22, done when: harbor-owner on the business variant reaches none of the community pages (wider-portal.md §10:
// they are for an account with a bulk agreement). Each lands on the account summary, told why; the API refuses the
// community's reads and changes (403) whatever the ids.

const PAGES = [
  '/community',
  '/community/properties/00000000-0000-4000-8000-000000000001',
  '/community/units/00000000-0000-4000-8000-000000000002',
  '/manage-business-hours',
  '/manage-property-contacts',
  '/property-contact-preferences',
  '/property-contract-details',
  '/manage',
  '/manage/unit-ramp-billing',
  '/manage/all-properties/unit-ramp-billing',
  '/tech-amenities-stub',
];

test('[COMMUNITY] harbor-owner on the business variant reaches none of the community pages', async ({ page, t }) => {
  await signIn(page, t, 'harbor-owner', '/account-summary');
  await expect(page).toHaveURL(/\/account-summary$/);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account-summary\?notice=noCommunityAccess$/);
    await expect(page.getByText(t('accountSummary.noCommunityAccess')), path).toBeVisible();
  }
  await expectNoAxeViolations(page);
  const unitId = '00000000-0000-4000-8000-000000000002';
  for (const url of [COMMUNITY_PROPERTIES_PATH, COMMUNITY_UNIT_PATH.replace(':unitId', unitId)]) {
    const read = await page.request.get(url);
    expect(read.status(), url).toBe(403);
    expect(((await read.json()) as { error: { code: string } }).error.code, url).toBe('FORBIDDEN');
  }
  const { csrfToken } = (await (await page.request.get(CSRF_PATH)).json()) as { csrfToken: string };
  const suspend = await page.request.put(COMMUNITY_UNIT_ACCESS_PATH.replace(':unitId', unitId), {
    data: { access: 'suspended' },
    headers: { [CSRF_HEADER]: csrfToken },
  });
  expect(suspend.status()).toBe(403);
  // refused for the account, not for a missing anti-forgery token
  expect(((await suspend.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
});
