import { addDays } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, bulkAgreements, outboxEmails } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { formatCalendarDate } from '../statements/format';
import { CONTRACT_NOTICE_LEAD_DAYS, createContractNotices } from './contract-notices';
import { createTechAmenitiesRepository } from './tech-amenities.repository';

/**
 * The contract's notice follows the contact preferences (issue 22 item 5, wider-portal.md §10): from 30 days before
 * the last day to give notice of Lakeside's agreement's renewal, the contacts chosen for contract notices (the seed:
 * each property's manager, by e-mail; Rosa Delgado manages two: once) are told, once per term, not before.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const notices = () => {
  const { services } = portal.app().portal;
  return createContractNotices({
    db: portal.database().db,
    clock,
    repo: createTechAmenitiesRepository(),
    jobs: services.jobs,
    notifyContacts: services.notifications.notifyContacts,
    publicUrl: 'https://portal.example',
  });
};
const mails = () => portal.database().db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'contract-renewal'));

describe("the bulk agreement's renewal notice", () => {
  it('tells the contract contacts from 30 days before the notice date, once, with the dates', async () => {
    const { db } = portal.database();
    const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
    const [agreement] = await db
      .select()
      .from(bulkAgreements)
      .where(eq(bulkAgreements.accountId, lakeside?.id as string));
    if (!agreement) throw new Error('Lakeside has its agreement (demo-data.md)');
    const renewal = addDays(agreement.termEnd, 1);
    const noticeBy = addDays(renewal, -agreement.noticeDays);

    // today: years away
    expect(await notices().runContractNotices()).toBe(0);
    // a day too early (noon in Charlotte)
    clock.set(`${addDays(noticeBy, -CONTRACT_NOTICE_LEAD_DAYS - 1)}T17:00:00Z`);
    expect(await notices().runContractNotices()).toBe(0);
    // the first day: told, once
    clock.set(`${addDays(noticeBy, -CONTRACT_NOTICE_LEAD_DAYS)}T17:00:00Z`);
    expect(await notices().runContractNotices()).toBe(2);
    clock.advance(86_400_000);
    expect(await notices().runContractNotices()).toBe(0);

    const sent = await mails();
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([
      'keiko.tanaka@lakesideapartments.example',
      'rosa.delgado@lakesideapartments.example',
    ]);
    expect(sent[0]?.subject).toBe(
      `Your agreement ${agreement.reference} renews on ${formatCalendarDate(renewal, 'en', 'long')}`,
    );
    expect(sent[0]?.body).toContain(`give notice by ${formatCalendarDate(noticeBy, 'en', 'long')}`);
    expect(sent[0]?.body).toContain(`for ${agreement.renewalTermMonths} months`);
    expect(sent[0]?.body).toContain('https://portal.example/property-contract-details');
  });
});
