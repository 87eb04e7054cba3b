import type { Locator, Page } from '@playwright/test';
import { moveBillingClock } from '../support/autopay';
import { expectNoAxeViolations } from '../support/axe';
import { expect, type Translate, test } from '../support/fixtures';
import { emailSubject, followLink, openEmail } from '../support/mailbox';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';

// Issue 18 items 3, 5 and 6 (wider-portal.md §3-§4), as Harbor Coffee Co.'s people would do it: the owner invites a
// bookkeeper, who accepts from the mailbox and sees Billing; the owner changes harbor-staff's role (after confirming
// the password, the session being older than 10 minutes), deactivates and reactivates them; the administrator cannot
// act on the owner; the owner hands the Primary role to the administrator (and it is handed back); the audit log shows
// each change with who made it. These change Harbor's roles and move the billing clock, so they run in the serial
// `people` project, after the clock projects; every role is as it was at the end.

test.describe.configure({ mode: 'serial' });
test.use({ appLocale: 'en' });

const COMPANY = 'Harbor Coffee Co.';
// a suffix of letters and digits: a run of 13+ digits reads as a card number, which no free-text field takes
const RUN = Date.now().toString(36);
const BEA = {
  email: `bea.keeper.${RUN}@harborcoffee.example`,
  firstName: 'Bea',
  lastName: 'Keeper',
  username: `bea-keeper-${RUN}`,
  password: 'ledger lantern cortado 7',
};

async function openUsers(page: Page, t: Translate, username: string) {
  await signIn(page, t, username, '/manage-users/list');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.users') })).toBeVisible();
}

/** A user's card in the list, found by the username it shows. */
function userCard(page: Page, username: string): Locator {
  return page.getByRole('listitem').filter({ hasText: username });
}

test('[PEOPLE] harbor-owner invites a BILLING user, who accepts from the mailbox and sees Billing', async ({
  page,
  t,
}) => {
  test.slow();
  await openUsers(page, t, 'harbor-owner');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('users.invite.open') }).click();
  await page.getByRole('textbox', { name: t('users.field.email'), exact: true }).fill(BEA.email);
  await page.getByRole('textbox', { name: t('users.field.firstName'), exact: true }).fill(BEA.firstName);
  await page.getByRole('textbox', { name: t('users.field.lastName'), exact: true }).fill(BEA.lastName);
  await page.getByRole('radio', { name: new RegExp(`^${t('users.role.BILLING')}`) }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('users.invite.submit') }).click();
  await expect(page.getByText(t('users.invite.sent', { email: BEA.email }))).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: BEA.email })).toBeVisible();

  // the invitee, in a browser of their own (no session), opens the e-mail at /dev/mailbox and follows the link
  await page.context().clearCookies();
  const subject = emailSubject('en', 'link.invite.subject').replace('{company}', COMPANY);
  const body = await openEmail(page, t, BEA.email, subject);
  await followLink(body, '/create-sub-account');
  await page.getByLabel(t('accountAccess.field.username')).fill(BEA.username);
  await page.getByLabel(t('accountAccess.field.password'), { exact: true }).fill(BEA.password);
  await page.getByRole('button', { name: t('accountAccess.invitation.submit') }).click();
  await expect(page).toHaveURL(/\/account-summary$/);
  await expect(page.getByText(t('accountSummary.greeting', { firstName: BEA.firstName }))).toBeVisible();
  // a BILLING user has the Billing tab, and the billing page opens
  await page
    .getByRole('link', { name: t('nav.billing'), exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.billing') })).toBeVisible();
});

test('[PEOPLE] harbor-owner changes harbor-staff’s role after confirming the password, then deactivates and reactivates them', async ({
  page,
  t,
  request,
}) => {
  test.slow();
  await openUsers(page, t, 'harbor-owner');
  // the sign-in was more than 10 minutes ago: a role change asks for the password again (wider-portal.md §3)
  await moveBillingClock(request, { advance: '11m' });
  const staff = userCard(page, 'harbor-staff');
  await staff.getByRole('button', { name: t('users.action.changeRole') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(`^${t('users.role.BILLING')}`) }).check();
  await dialog.getByRole('button', { name: t('users.changeRole.save') }).click();

  const stepUp = page.getByRole('dialog', { name: t('session.stepUp.title') });
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(page);
  // a wrong password keeps the dialog open and says so
  await stepUp.getByLabel(t('session.stepUp.password')).fill('not the password');
  await stepUp.getByRole('button', { name: t('session.stepUp.confirm') }).click();
  await expect(stepUp.getByText(t('session.stepUp.errors.wrongPassword'))).toBeVisible();
  await stepUp.getByLabel(t('session.stepUp.password')).fill(DEMO_PASSWORD);
  await stepUp.getByRole('button', { name: t('session.stepUp.confirm') }).click();
  await expect(stepUp).toBeHidden();
  await expect(staff).toContainText(t('users.role.BILLING'));

  await staff.getByRole('button', { name: t('users.action.deactivate') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('users.deactivate.confirm') })
    .click();
  await expect(staff).toContainText(t('users.status.deactivated'));
  await staff.getByRole('button', { name: t('users.action.reactivate') }).click();
  await expect(staff).toContainText(t('users.status.active'));

  // back to Standard, within the 10 minutes: no question this time
  await staff.getByRole('button', { name: t('users.action.changeRole') }).click();
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: new RegExp(`^${t('users.role.STANDARD')}`) })
    .check();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('users.changeRole.save') })
    .click();
  await expect(staff).toContainText(t('users.role.STANDARD'));
  await expect(page.getByRole('dialog', { name: t('session.stepUp.title') })).toHaveCount(0);
});

test('[PEOPLE] harbor-admin cannot act on the account owner', async ({ page, t }) => {
  await openUsers(page, t, 'harbor-admin');
  const owner = userCard(page, 'harbor-owner');
  await expect(owner).toContainText(t('users.role.PRIMARY'));
  for (const action of ['changeRole', 'deactivate', 'remove', 'changeAccess', 'makePrimary'] as const) {
    await expect(owner.getByRole('button', { name: t(`users.action.${action}`) })).toHaveCount(0);
  }
  // the administrator acts on others (harbor-staff) but hands the Primary role to no one
  await expect(
    userCard(page, 'harbor-staff').getByRole('button', { name: t('users.action.deactivate') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: t('users.action.makePrimary') })).toHaveCount(0);
});

test('[PEOPLE] harbor-owner transfers the Primary role to harbor-admin, who hands it back', async ({ page, t }) => {
  test.slow();
  await openUsers(page, t, 'harbor-owner');
  const admin = userCard(page, 'harbor-admin');
  await admin.getByRole('button', { name: t('users.action.makePrimary') }).click();
  const confirm = page.getByRole('alertdialog');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: t('users.makePrimary.confirm') }).click();
  await expect(admin).toContainText(t('users.role.PRIMARY'));
  await expect(userCard(page, 'harbor-owner')).toContainText(t('users.role.ADMIN'));
  // the former owner, now an administrator, can no longer hand the role on
  await expect(page.getByRole('button', { name: t('users.action.makePrimary') })).toHaveCount(0);

  await page.context().clearCookies();
  await openUsers(page, t, 'harbor-admin');
  await userCard(page, 'harbor-owner')
    .getByRole('button', { name: t('users.action.makePrimary') })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('users.makePrimary.confirm') })
    .click();
  await expect(userCard(page, 'harbor-owner')).toContainText(t('users.role.PRIMARY'));
});

test('[PEOPLE] the audit log shows each change with who made it', async ({ page, t }) => {
  await signIn(page, t, 'harbor-owner', '/profile-and-settings/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.auditLog') })).toBeVisible();
  const table = page.getByRole('table');
  for (const action of [
    'auditLog.action.userInvited',
    'auditLog.action.userInvitationAccepted',
    'auditLog.action.userRoleChanged',
    'auditLog.action.userDeactivated',
    'auditLog.action.userReactivated',
    'auditLog.action.userPrimaryTransferred',
  ] as const) {
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: t(action) })
        .first(),
    ).toBeVisible();
  }
  // each transfer was made by the Primary of the moment (the role the entry keeps is the actor's when acting)
  const transfers = table.getByRole('row').filter({ hasText: t('auditLog.action.userPrimaryTransferred') });
  await expect(transfers).toHaveCount(2);
  for (const row of await transfers.all()) await expect(row).toContainText(t('auditLog.role.primary'));
  await expectNoAxeViolations(page);
});
