import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, followLink, openEmail } from '../support/mailbox';
import { signInThroughForm } from '../support/sign-in';

// Issue 17 item 3 (wider-portal.md §1 "Invitation acceptance"), over the seeded invitations of demo-data.md: Harbor
// Coffee Co.'s owner invited sam.ortiz@harborcoffee.example (BILLING) yesterday, and lee.park@harborcoffee.example
// (STANDARD) 4 days ago, past the link's 72 hours. Each e-mail is opened at /dev/mailbox and its link followed, as a
// person would. Only the new user sam.ortiz is created: the other Harbor users, their passwords and the balance, which
// other specs use in parallel, stay as they are.

const COMPANY = 'Harbor Coffee Co.';
const SAM = {
  email: 'sam.ortiz@harborcoffee.example',
  firstName: 'Sam',
  username: 'sam.ortiz',
  password: 'cortado ledger maple lamp',
};
const LEE_EMAIL = 'lee.park@harborcoffee.example';
/** The invitation e-mail's subject (the server's catalog), with the inviting company's name. */
const INVITATION_SUBJECT = emailSubject('en', 'link.invite.subject').replace('{company}', COMPANY);

test.use({ appLocale: 'en' });

test('[OPEN] Sam Ortiz follows the pending invitation from the mailbox and lands signed in on the account summary', async ({
  page,
  t,
}) => {
  test.slow();
  const body = await openEmail(page, t, SAM.email, INVITATION_SUBJECT);
  await expect(body).toContainText(`Hello ${SAM.firstName}`);
  await followLink(body, '/create-sub-account');
  await expect(page).toHaveURL(/\/create-sub-account\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.invitation.title') })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel(t('accountAccess.field.username')).fill(SAM.username);
  await page.getByLabel(t('accountAccess.field.password'), { exact: true }).fill(SAM.password);
  // the meter's verdict (the server's policy): an acceptable password reads good or strong
  await expect(page.getByText(new RegExp(`${t('password.meter.good')}|${t('password.meter.strong')}`))).toBeVisible();
  await page.getByRole('button', { name: t('accountAccess.invitation.submit') }).click();

  // signed in by the answer's cookies, then a full load of the account summary, greeted by the invited name
  await expect(page).toHaveURL(/\/account-summary$/);
  await expect(page.getByText(t('accountSummary.greeting', { firstName: SAM.firstName }))).toBeVisible();
  await expect(page.getByText(COMPANY).first()).toBeVisible();

  // the new user signs in again with the chosen username and password
  await page.context().clearCookies();
  await page.goto('/login');
  await signInThroughForm(page, t, SAM.username, { password: SAM.password });
  await expect(page).toHaveURL(/\/account-summary$/);
  await expect(page.getByText(t('accountSummary.greeting', { firstName: SAM.firstName }))).toBeVisible();
});

test('[OPEN] the expired invitation of Lee Park says so, and sends the person back to whoever invited them', async ({
  page,
  t,
}) => {
  const body = await openEmail(page, t, LEE_EMAIL, INVITATION_SUBJECT);
  await expect(body).toContainText('Hello Lee');
  await followLink(body, '/create-sub-account');
  await expect(page.getByRole('heading', { level: 1, name: t('accountAccess.link.expiredTitle') })).toBeVisible();
  await expect(page.getByText(t('accountAccess.invitation.staleBody', { hours: 72 }))).toBeVisible();
  // an invitation is renewed by whoever sent it (wider-portal.md §4): no new link is offered, no form either
  await expect(page.getByRole('button', { name: t('accountAccess.link.renew') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('accountAccess.invitation.submit') })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
