import type { ContactPreferences, IsoDate, PropertyContacts } from '@vireo/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityIds } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { insertVisit } from '../../../test/visits';
import { outboxEmails, outboxTexts, statements, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { queueBillReady } from '../billing/billing-notices';

/**
 * The notices of the other areas follow the contact preferences (issue 22 item 5, wider-portal.md §10 "which contact
 * receives which notices (outages, visits, billing, contract)"; outages: property-notices.int.test.ts): a visit's
 * reminder goes to the contacts chosen for visits at the property where it is (the seed: each property's manager, by
 * e-mail), the bill ready to the contacts chosen for billing at any of the account's properties, each address once,
 * besides the account's users; a changed choice is followed.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const NORTH_MANAGER = 'rosa.delgado@lakesideapartments.example';
const COMMONS_MANAGER = 'keiko.tanaka@lakesideapartments.example';
const NORTH_MAINTENANCE = 'maintenance.north@lakesideapartments.example';
const ids = {} as { lakeside: string; north: string; marcus: string };
let manager: Browser;

const mails = (kind: string) =>
  portal.database().db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind)).orderBy(outboxEmails.id);
const texts = (kind: string) => portal.database().db.select().from(outboxTexts).where(eq(outboxTexts.kind, kind));
const services = () => portal.app().portal.services;
/** A repair visit at Lakeside North's address. */
const visitAtNorth = (jobId: string, windowStart: string) =>
  insertVisit(portal.database().db, {
    accountId: ids.lakeside,
    jobId,
    windowStart: new Date(windowStart),
    now: clock.now(),
    address: { addressLine1: '10 Lakeside Way', city: 'Charlotte', state: 'NC', zip: '28202' },
  });

beforeAll(async () => {
  const { lakeside, north } = await communityIds(portal.database().db);
  Object.assign(ids, { lakeside, north });
  manager = await portal.as('lakeside-manager');
  const { contacts } = (
    await manager.request({ url: `/api/pub/community/v1/properties/${ids.north}/contacts` })
  ).json() as PropertyContacts;
  ids.marcus = contacts.find((contact) => contact.name === 'Marcus Bell')?.id as string;
});

describe('a visit at a community property', () => {
  it('is told the day before to the contacts chosen for visits there only, once', async () => {
    await visitAtNorth('JOB-LN1', '2026-11-22T15:00:00Z');
    await services().background.run();
    await services().background.run();
    const told = (await mails('visit-reminder')).filter((mail) => mail.body.includes('JOB-LN1'));
    const [user] = await portal
      .database()
      .db.select({ email: users.email })
      .from(users)
      .where(eq(users.username, 'lakeside-manager'));
    // the account's users as ever, and North's manager; not Commons' (Keiko Tanaka), not North's maintenance
    expect(told.map((mail) => mail.toAddress).sort()).toEqual(
      expect.arrayContaining([NORTH_MANAGER, user?.email as string]),
    );
    expect(told.map((mail) => mail.toAddress)).not.toContain(COMMONS_MANAGER);
    expect(told.map((mail) => mail.toAddress)).not.toContain(NORTH_MAINTENANCE);
    expect(told.filter((mail) => mail.toAddress === NORTH_MANAGER)).toHaveLength(1);
    expect(told.find((mail) => mail.toAddress === NORTH_MANAGER)?.body).toContain('/appointment-tracking?token=');
  });

  it('follows a changed choice: visits to maintenance only, by text in Spanish', async () => {
    const url = `/api/pub/community/v1/properties/${ids.north}/contact-preferences`;
    const { choices } = (await manager.request({ url })).json() as ContactPreferences;
    const saved = await manager.request({
      method: 'PUT',
      url,
      headers: manager.csrf(),
      payload: {
        choices: [
          ...choices.filter((choice) => choice.notice !== 'visits'),
          { contactId: ids.marcus, notice: 'visits', channel: 'text' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await manager.request({
      method: 'PUT',
      url: `/api/pub/community/v1/properties/${ids.north}/contacts/${ids.marcus}`,
      headers: manager.csrf(),
      payload: {
        name: 'Marcus Bell',
        role: 'maintenance',
        phone: '+17045550182',
        email: NORTH_MAINTENANCE,
        language: 'es',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await visitAtNorth('JOB-LN2', '2026-11-22T19:00:00Z');
    await services().background.run();
    const mailed = (await mails('visit-reminder')).filter((mail) => mail.body.includes('JOB-LN2'));
    expect(mailed.map((mail) => mail.toAddress)).not.toContain(NORTH_MANAGER);
    const [text] = (await texts('visit-reminder')).filter((sms) => sms.toNumber === '+17045550182');
    expect(text).toMatchObject({ language: 'es' });
    expect(text?.body).toContain('mañana');
  });
});

describe('the bill ready', () => {
  it('is told to the contacts chosen for billing (each address once) besides the billing users, once', async () => {
    const { db } = portal.database();
    const [latest] = await db
      .select()
      .from(statements)
      .where(eq(statements.accountId, ids.lakeside))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    await queueBillReady(
      db,
      services().jobs,
      { id: latest?.id as string, accountId: ids.lakeside, statementDate: latest?.statementDate as IsoDate },
      'America/New_York',
    );
    await services().jobs.runDue();
    await services().jobs.runDue();
    const told = (await mails('bill-ready')).filter((mail) =>
      [NORTH_MANAGER, COMMONS_MANAGER, NORTH_MAINTENANCE].includes(mail.toAddress),
    );
    // Rosa Delgado manages North and South (one address): once; Keiko Tanaka, Commons'; maintenance was not chosen
    expect(told.map((mail) => mail.toAddress).sort()).toEqual([COMMONS_MANAGER, NORTH_MANAGER]);
    expect(told[0]?.subject).toMatch(/^Your bill of \$\d[\d,]*\.\d\d is ready$/);
    expect(told[0]?.body).toContain(`/billing/view-statements/${latest?.id}`);
    expect(
      await db
        .select()
        .from(outboxEmails)
        .where(inArray(outboxEmails.toAddress, [NORTH_MAINTENANCE])),
    ).toSatisfy((rows: { kind: string }[]) => rows.every((row) => row.kind !== 'bill-ready'));
  });
});
