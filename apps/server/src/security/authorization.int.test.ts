import { randomUUID } from 'node:crypto';
import {
  APPOINTMENTS_PATH,
  AUDIT_LOG_PATH,
  CHOOSABLE_NOTIFICATION_EVENTS,
  COMPANY_DETAILS_PATH,
  CSRF_PATH,
  EMAIL_CHANGE_PATH,
  GRAPHQL_PATHS,
  IDEMPOTENCY_HEADER,
  INVITATIONS_PATH,
  isApiPath,
  isDebitDayAllowed,
  MEMBER_PATH,
  MOBILE_TRANSACTIONS_PATH,
  NOTIFICATIONS_PATH,
  PARTNER_ADDRESS_PATH,
  PARTNER_IP_PATH,
  PARTNER_LOCATION_BASE,
  PARTNER_SUPPORT_ADDRESS_PATH,
  PARTNER_SUPPORT_IP_PATH,
  PARTNER_SUPPORT_ZIPCODE_PATH,
  PARTNER_ZIPCODE_PATH,
  PASSKEYS_PATH,
  PASSWORD_CHANGE_PATH,
  PAY_LINKS_PATH,
  PAYMENT_HISTORY_PATH,
  PERSONAL_DETAILS_PATH,
  PRIMARY_TRANSFER_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  type SessionsResponse,
  STATEMENTS_PATH,
  STEP_UP_PASSKEY_OPTIONS_PATH,
  STEP_UP_PASSKEY_PATH,
  STEP_UP_PATH,
  SUPPORT_TICKET_STATUS_PATH,
  USERS_PATH,
} from '@vireo/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { databaseDigest } from '../../test/digest';
import { distinctVisa, submitPayment, testCard, tokenize } from '../../test/payments';
import { securityHeaderViolations } from '../../test/security-headers';
import { type Browser, browser, DEMO_PASSWORD, signIn } from '../../test/sign-in';
import { insertVisit } from '../../test/visits';
import {
  accountEvents,
  accounts,
  addresses,
  auditEvents,
  autopayEnrollments,
  callRecords,
  charges,
  communityUnits,
  dispatchJobs,
  emailLinks,
  equipment,
  mobileDevices,
  mobileLines,
  mobileOrders,
  mobileRefunds,
  outageCallbacks,
  passkeys,
  payLinks,
  paymentMethods,
  payments,
  properties,
  propertyContacts,
  propertyHoursExceptions,
  statements,
  streamingSubscriptions,
  supportAttachments,
  users,
  voiceLines,
  voiceMedia,
  voiceMessages,
} from '../db/schema';
import { createBillingClock } from '../platform/clock';
import { encodeCursor } from '../platform/keyset';
import {
  ACTOR_USERNAMES,
  ACTORS,
  type Actor,
  AUTHORIZATION_MATRIX,
  answerOf,
  type MatrixEntry,
  OPEN_DOOR_PATHS,
  type Outcome,
  QUICK_PAY_PATHS,
  routeKey,
  TRACKING_PATHS,
} from './authorization-matrix';

/**
 * quality-bars.md, Reliability and security (issue 8, item 2):
 * - the role x endpoint matrix, generated from the live route table: 0 unexpected successes, 0 unexpected denials, a
 *   route missing from the matrix fails the suite;
 * - another business's ids in path, query and body on every id-bearing endpoint: 0 reads or writes, answer 404;
 * - unknown fields in request bodies (`role`, `accountId`, `status`, …): rejected with 400, nothing changed.
 * "Nothing changed" is a digest of every table (test/digest.ts) before and after; the billing clock stands still,
 * so a request that changes nothing leaves even the session rows as they were.
 */
const NOW = Date.parse('2026-11-21T15:00:00Z');
const TODAY = '2026-11-21';
/** A date Harbor and Riverbend may schedule a payment for (within the window, after the cut-off). */
const LATER = '2026-11-27';
/** Issue 23 item 2: a batch of one page view, as the browser sends it. */
const ANALYTICS_BATCH = {
  events: [{ type: 'page_view', at: '2026-11-21T14:59:58.000Z', page: '/account-summary', lang: 'en' }],
};
/** A speed test's figures (issue 21 item 7). */
const SPEED_FIGURES = {
  downloadKbps: 250_000,
  uploadKbps: 20_000,
  idleLatencyMs: 14,
  loadedLatencyMs: 40,
  jitterMs: 2,
};
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';

let database: TestDatabase;
let app: FastifyInstance;
/** The matrix's callers, one browser each (a fresh client address per sign-in: the sign-in rate limit). */
const clients = {} as Record<Actor, Browser>;
/** Harbor's PRIMARY user on sessions of their own: preparing resources, the IDOR and unknown-field checks. */
let setup: Browser;
let idor: Browser;
let strict: Browser;
/** Riverbend's PRIMARY user preparing Riverbend's resources. */
let otherSetup: Browser;
/** Lakeside's PRIMARY user (issue 22): the community routes' IDOR checks (a business without a bulk agreement is 403). */
let lakeside: Browser;
let ip = 0;
const nextAddress = () => `10.8.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Real ids of both businesses (demo-data.md), read from the database or made through the API. */
const ids = {} as {
  harbor: string;
  riverbend: string;
  riverbendAddress: string;
  riverbendCallback: string;
  riverbendAttachment: string;
  harborVisa: string;
  harborChecking: string;
  harborStatement: string;
  harborPayment: string;
  harborScheduled: string;
  harborDevice: string;
  harborOrder: string;
  harborSubscription: string;
  riverbendCard: string;
  riverbendToken: string;
  riverbendStatement: string;
  riverbendPayment: string;
  riverbendScheduled: string;
  riverbendDevice: string;
  riverbendDevicePayoff: number;
  riverbendOrder: string;
  riverbendSubscription: string;
  harborPayLink: string;
  riverbendPayLink: string;
  harborStaff: string;
  harborFormer: string;
  riverbendBilling: string;
  riverbendInvitation: string;
  harborModem: string;
  riverbendModem: string;
  /** Harbor's Front counter line and a voicemail of it already heard; another business's line and message. */
  harborLine: string;
  harborHeardMessage: string;
  riverbendLine: string;
  riverbendMessage: string;
  riverbendCall: string;
  /** Harbor's installation visit (demo-data.md) and a visit of another business. */
  harborVisit: string;
  riverbendVisit: string;
  /** Issue 22: a Lakeside property and unit (the matrix's requests), and another account's (made here: none seeded). */
  lakesideProperty: string;
  lakesideUnit: string;
  riverbendProperty: string;
  riverbendUnit: string;
  /** issue 22 item 5: a holiday and a contact of Lakeside North, and of Riverbend's property */
  lakesideException: string;
  lakesideContact: string;
  riverbendException: string;
  riverbendContact: string;
};
/** An Auto Pay debit day both Harbor (cycle day 10) and Riverbend (cycle day 5) may choose today. */
let debitDay: number;

async function signedIn(username: string) {
  const b = browser(app, { remoteAddress: nextAddress() });
  await signIn(b, username);
  return b;
}

/** A fresh session of `username` and its public id (issue 18 item 2: the sessions list's id). */
async function spareSession(username: string) {
  const b = await signedIn(username);
  const { sessions } = await json<SessionsResponse>(b, SESSIONS_PATH);
  return sessions.find((session) => session.current)?.id as string;
}
/** A Riverbend session's public id, for the IDOR case (set by its `before`). */
let riverbendSession = '';

/** A passkey of `username`'s own, written as a registration would (issue 18 item 2): its id. */
async function sparePasskey(username: string) {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const [row] = await database.db
    .insert(passkeys)
    .values({
      userId: user?.id as string,
      credentialId: randomUUID(),
      publicKey: 'pQECAyYgASFYIA',
      name: 'Spare',
      createdAt: new Date(NOW),
    })
    .returning({ id: passkeys.id });
  return row?.id as string;
}
/** A Riverbend passkey's id, for the IDOR cases (set by their `before`). */
let riverbendPasskey = '';
/** Well-formed WebAuthn answers that verify nowhere (no challenge, no such credential): base64url by the schema. */
const FAKE_REGISTRATION = {
  id: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
};
const FAKE_ASSERTION = {
  id: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

async function json<T>(b: Browser, url: string): Promise<T> {
  const response = await b.request({ url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** The Harbor mobile service the suite adds: a line, a device on instalments, an order and a subscription. */
async function giveHarborMobile(harbor: string) {
  const { db } = database;
  const [line] = await db
    .insert(mobileLines)
    .values({
      accountId: harbor,
      phoneNumber: '2075550199',
      label: 'Delivery van',
      planName: 'Business Mobile Unlimited',
      activatedOn: '2026-09-01',
    })
    .returning();
  const [device] = await db
    .insert(mobileDevices)
    .values({
      accountId: harbor,
      lineId: line?.id as string,
      model: 'Vireo Phone SE',
      financedCents: 34_800,
      monthlyInstalmentCents: 1_450,
      instalmentsTotal: 24,
      instalmentsPaid: 2,
      remainingCents: 31_900,
      purchasedOn: '2026-09-01',
    })
    .returning();
  const [order] = await db
    .insert(mobileOrders)
    .values({
      accountId: harbor,
      orderNumber: 'MO-HARBOR-01',
      placedOn: '2026-09-01',
      status: 'delivered',
      items: [
        { description: 'Vireo Phone SE', quantity: 1, unitPriceCents: 34_800, financed: true },
        { description: 'Rugged case', quantity: 1, unitPriceCents: 3_999, financed: false },
      ],
      subtotalCents: 3_999,
      taxCents: 200,
      shippingCents: 0,
      totalCents: 4_199,
      shipTo: 'Harbor Coffee Co.',
    })
    .returning();
  const [subscription] = await db
    .insert(streamingSubscriptions)
    .values({
      accountId: harbor,
      provider: 'StreamMax',
      planName: 'StreamMax Basic',
      priceCents: 999,
      status: 'active',
      startedOn: '2026-10-01',
      nextChargeOn: '2026-12-10',
    })
    .returning();
  return {
    harborDevice: device?.id as string,
    harborOrder: order?.id as string,
    harborSubscription: subscription?.id as string,
  };
}

async function savedMethod(accountId: string, lastFour: string) {
  const [row] = await database.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.accountId, accountId),
        eq(paymentMethods.lastFour, lastFour),
        isNull(paymentMethods.deletedAt),
      ),
    );
  if (!row) throw new Error(`no method ${lastFour}`);
  return row;
}

/** A scheduled payment made through the API (at most 2 per account, MAX_FUTURE_PAYMENTS). */
async function schedule(b: Browser, paymentMethodId: string) {
  const response = await submitPayment(b, { amountCents: 1_000, paymentDate: LATER, method: { paymentMethodId } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().payment.status).toBe('scheduled');
  return response.json().payment.id as string;
}

let spareCards = 0;
/**
 * A fresh Harbor vault token of a card Harbor has not saved, as the add-card form gets it (a wallet holds each card
 * once: issue 14).
 */
const harborToken = async () => (await tokenize(setup, testCard(distinctVisa(++spareCards)))).token;

/** A fresh saved Harbor card. */
async function harborCard() {
  const response = await setup.request({
    method: 'POST',
    url: '/api/pub/billing/v1/payment-methods',
    headers: { ...setup.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { token: await harborToken() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** Core Auto Pay of an account on or off, written directly: the precondition of an Auto Pay request. */
async function setCoreAutoPay(accountId: string, paymentMethodId: string, enrolled: boolean) {
  await database.db
    .update(autopayEnrollments)
    .set({ status: 'cancelled', cancelledAt: new Date(NOW) })
    .where(and(eq(autopayEnrollments.accountId, accountId), eq(autopayEnrollments.status, 'enrolled')));
  if (enrolled) {
    await database.db.insert(autopayEnrollments).values({
      accountId,
      scope: 'core',
      paymentMethodId,
      debitDay,
      status: 'enrolled',
      enrolledAt: new Date(NOW),
    });
  }
}

/** A technician visit of an account five days from now (test/visits.ts): its id. */
const visitOf = (accountId: string, jobId: string) =>
  insertVisit(database.db, { accountId, jobId, windowStart: new Date(NOW + 5 * 86_400_000), now: new Date(NOW) });
let visits = 0;
const spareVisit = () =>
  spare(
    'visit',
    async (id) =>
      (await database.db.select().from(dispatchJobs).where(eq(dispatchJobs.id, id)))[0]?.state !== 'cancelled',
    () => visitOf(ids.harbor, `JOB-SPARE-${++visits}`),
  );
const visitUrl = (id: string, suffix = '') => `/api/pub/sbnetserviceapptedge/v1/appointments/${id}${suffix}`;

/** Resources that one allowed request uses up (a cancelled payment, a deleted card) are made again when gone. */
const spares = new Map<string, string>();
async function spare(name: string, alive: (id: string) => Promise<boolean>, make: () => Promise<string>) {
  const current = spares.get(name);
  if (current && (await alive(current))) return current;
  const made = await make();
  spares.set(name, made);
  return made;
}
const spareScheduled = () =>
  spare(
    'scheduled',
    async (id) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0]?.status === 'scheduled',
    () => schedule(setup, ids.harborVisa),
  );
const spareCard = () =>
  spare(
    'card',
    async (id) =>
      (await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]?.deletedAt === null,
    harborCard,
  );
const spareToken = () =>
  spare(
    'token',
    async (token) =>
      (await database.db.select().from(paymentMethods).where(eq(paymentMethods.vaultToken, token))).length === 0,
    harborToken,
  );

beforeAll(async () => {
  database = await createTestDatabase({ seed: new Date(NOW) });
  const clock = await createBillingClock(database.db, () => NOW);
  // a billing clock (not a plain fixed clock) so the route table holds the clock's routes as `npm run dev` has them
  // every actor sends many requests from one address: the open doors' per-address limit (issue 17) is raised here
  ({ app } = await buildTestApp(database, {
    clock,
    // every actor sends from one address: the open doors', Quick Pay's and the vault's limits are raised (the vault's
    // guest door, issue 17 item 6, counts in the vault's limits: with it the suite's vault requests pass 30)
    env: {
      EMAIL_REQUEST_RATE_LIMIT_PER_WINDOW: '100000',
      QUICK_PAY_LOOKUP_RATE_LIMIT_PER_WINDOW: '100000',
      TRACKING_CHANGE_RATE_LIMIT_PER_WINDOW: '100000',
      SUPPORT_TICKET_RATE_LIMIT_PER_HOUR: '100000',
      SPEED_TEST_RATE_LIMIT_PER_WINDOW: '100000',
      ANALYTICS_RATE_LIMIT_PER_MINUTE: '100000',
      VAULT_RATE_LIMIT_PER_WINDOW: '100000',
    },
  }));

  const businesses = await database.db.select().from(accounts);
  const business = (name: string) => {
    const found = businesses.find((account) => account.companyName === name);
    if (!found) throw new Error(`no ${name}`);
    return found;
  };
  const harbor = business('Harbor Coffee Co.');
  const riverbend = business('Riverbend Auto Repair');
  ids.harbor = harbor.id;
  ids.riverbend = riverbend.id;
  const day = Array.from({ length: 28 }, (_, i) => i + 1).find(
    (d) => isDebitDayAllowed(d, harbor.cycleDay, TODAY) && isDebitDayAllowed(d, riverbend.cycleDay, TODAY),
  );
  if (!day) throw new Error('no debit day both businesses may choose');
  debitDay = day;
  Object.assign(ids, await giveHarborMobile(harbor.id));

  clients.anonymous = browser(app, { remoteAddress: nextAddress() });
  expect((await clients.anonymous.request({ url: CSRF_PATH })).statusCode).toBe(200);
  for (const [actor, username] of Object.entries(ACTOR_USERNAMES)) {
    clients[actor as Actor] = await signedIn(username);
  }
  setup = await signedIn('harbor-owner');
  idor = await signedIn('harbor-owner');
  strict = await signedIn('harbor-owner');
  otherSetup = await signedIn('riverbend-owner');
  lakeside = await signedIn('lakeside-manager');

  ids.harborVisa = (await savedMethod(harbor.id, '4242')).id;
  ids.harborChecking = (await savedMethod(harbor.id, '6789')).id;
  const riverbendCard = await savedMethod(riverbend.id, '4444');
  ids.riverbendCard = riverbendCard.id;
  ids.riverbendToken = riverbendCard.vaultToken;
  type Page = { items: { id: string }[] };
  ids.harborStatement = (await json<Page>(setup, STATEMENTS_PATH)).items[0]?.id as string;
  ids.riverbendStatement = (await json<Page>(otherSetup, STATEMENTS_PATH)).items[0]?.id as string;
  ids.harborPayment = (await json<Page>(setup, PAYMENT_HISTORY_PATH)).items[0]?.id as string;
  ids.riverbendPayment = (await json<Page>(otherSetup, PAYMENT_HISTORY_PATH)).items[0]?.id as string;
  ids.harborScheduled = await schedule(setup, ids.harborVisa);
  ids.riverbendScheduled = await schedule(otherSetup, ids.riverbendCard);
  const [device] = await database.db.select().from(mobileDevices).where(eq(mobileDevices.accountId, riverbend.id));
  ids.riverbendDevice = device?.id as string;
  ids.riverbendDevicePayoff = device?.remainingCents as number;
  const [order] = await database.db.select().from(mobileOrders).where(eq(mobileOrders.accountId, riverbend.id));
  ids.riverbendOrder = order?.id as string;
  const [subscription] = await database.db
    .select()
    .from(streamingSubscriptions)
    .where(eq(streamingSubscriptions.accountId, riverbend.id));
  ids.riverbendSubscription = subscription?.id as string;
  // pay links (issue 17 item 7): one of Harbor's, and two of Riverbend's (a cursor names the second)
  const newLink = async (b: Browser) => {
    const response = await b.request({
      method: 'POST',
      url: PAY_LINKS_PATH,
      headers: b.csrf(),
      payload: { capCents: 5_000, expiresInDays: 7, usesAllowed: 2 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { payLink: { id: string } }).payLink.id;
  };
  ids.harborPayLink = await newLink(setup);
  await newLink(otherSetup);
  ids.riverbendPayLink = await newLink(otherSetup);
  // users and roles (issue 18 item 5): Harbor's STANDARD and deactivated users, Riverbend's BILLING user and an
  // invitation of Riverbend's
  const userIdOf = async (username: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id as string;
  ids.harborStaff = await userIdOf('harbor-staff');
  ids.harborFormer = await userIdOf('harbor-former');
  ids.riverbendBilling = await userIdOf('riverbend-billing');
  const invited = await otherSetup.request({
    method: 'POST',
    url: INVITATIONS_PATH,
    headers: otherSetup.csrf(),
    payload: {
      email: 'idor@riverbendauto.example',
      firstName: 'Ida',
      lastName: 'Or',
      role: 'STANDARD',
      language: 'en',
    },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  ids.riverbendInvitation = invited.json().invitation.id;
  // services and equipment (issue 19 item 1): each business's gateway (demo-data identifiers in personas.ts)
  const deviceIdOf = async (identifier: string) =>
    (await database.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.identifier, identifier)))[0]
      ?.id as string;
  ids.harborModem = await deviceIdOf('00:1A:2B:3C:10:01');
  ids.riverbendModem = await deviceIdOf('00:1A:2B:3C:30:01');
  // voice (issue 19 items 3-4): Harbor's Front counter and a voicemail heard; Riverbend has no voice lines in the
  // demo, so another business's line, voicemail and audio are made here
  const [frontCounter] = await database.db.select().from(voiceLines).where(eq(voiceLines.phoneNumber, '2075550101'));
  ids.harborLine = frontCounter?.id as string;
  const heard = await database.db.select().from(voiceMessages).where(eq(voiceMessages.lineId, ids.harborLine));
  ids.harborHeardMessage = heard.find((m) => m.kind === 'voicemail' && m.heardAt !== null)?.id as string;
  const [foreignLine] = await database.db
    .insert(voiceLines)
    .values({ accountId: ids.riverbend, phoneNumber: '4075550140', label: 'Riverbend service desk' })
    .returning({ id: voiceLines.id });
  ids.riverbendLine = foreignLine?.id as string;
  const [foreignMessage] = await database.db
    .insert(voiceMessages)
    .values({
      lineId: ids.riverbendLine,
      kind: 'voicemail',
      fromNumber: '4075550188',
      receivedAt: new Date(NOW - 3_600_000),
      durationSeconds: 1,
    })
    .returning({ id: voiceMessages.id });
  ids.riverbendMessage = foreignMessage?.id as string;
  // issue 20 item 7: Riverbend's location and a callback there (its owner's)
  const [riverbendAddress] = await database.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.accountId, riverbend.id), eq(addresses.kind, 'service')));
  ids.riverbendAddress = riverbendAddress?.id as string;
  const [riverbendOwner] = await database.db.select().from(users).where(eq(users.username, 'riverbend-owner'));
  const [callback] = await database.db
    .insert(outageCallbacks)
    .values({
      accountId: riverbend.id,
      addressId: ids.riverbendAddress,
      userId: riverbendOwner?.id as string,
      channel: 'email',
      destination: 'owner@riverbendauto.example',
      language: 'en',
      createdAt: new Date(NOW),
    })
    .returning({ id: outageCallbacks.id });
  ids.riverbendCallback = callback?.id as string;
  // issue 21 item 4: a file Riverbend's owner sent and no ticket took yet
  const [attachment] = await database.db
    .insert(supportAttachments)
    .values({
      owner: `user:${riverbendOwner?.id}`,
      name: 'modem.png',
      mediaType: 'image/png',
      sizeBytes: 4,
      sha256: '0'.repeat(64),
      bytes: Buffer.from('\x89PNG'),
      createdAt: new Date(NOW),
    })
    .returning({ id: supportAttachments.id });
  ids.riverbendAttachment = attachment?.id as string;
  await database.db
    .insert(voiceMedia)
    .values({ messageId: ids.riverbendMessage, contentType: 'audio/wav', bytes: Buffer.from('RIFF') });
  const [foreignCall] = await database.db
    .insert(callRecords)
    .values({
      lineId: ids.riverbendLine,
      direction: 'incoming',
      otherNumber: '4075550177',
      startedAt: new Date(NOW - 7_200_000),
      durationSeconds: 60,
    })
    .returning({ id: callRecords.id });
  ids.riverbendCall = foreignCall?.id as string;
  // appointments (issue 20 item 2): Harbor's installation (seeded), and a visit made here for Riverbend (none seeded)
  ids.harborVisit = (await database.db.select().from(dispatchJobs).where(eq(dispatchJobs.accountId, ids.harbor)))[0]
    ?.id as string;
  ids.riverbendVisit = await visitOf(ids.riverbend, 'JOB-IDOR-1');
  // the community portfolio (issue 22): Lakeside North and its unit 101, and a property with a unit of Riverbend's
  const lakesideAccount = business('Lakeside Apartments');
  const [north] = await database.db
    .select()
    .from(properties)
    .where(and(eq(properties.accountId, lakesideAccount.id), eq(properties.name, 'Lakeside North')));
  ids.lakesideProperty = north?.id as string;
  ids.lakesideUnit = (
    await database.db
      .select()
      .from(communityUnits)
      .where(and(eq(communityUnits.propertyId, ids.lakesideProperty), eq(communityUnits.number, '101')))
  )[0]?.id as string;
  const [foreignProperty] = await database.db
    .insert(properties)
    .values({
      accountId: ids.riverbend,
      name: 'IDOR Lofts',
      addressLine1: '1 River Rd',
      city: 'Orlando',
      state: 'FL',
      zip: '32801',
      units: 1,
    })
    .returning({ id: properties.id });
  ids.riverbendProperty = foreignProperty?.id as string;
  const [foreignUnit] = await database.db
    .insert(communityUnits)
    .values({
      accountId: ids.riverbend,
      propertyId: ids.riverbendProperty,
      number: '101',
      occupancy: 'occupied',
      access: 'active',
      residentName: 'Riverbend Resident',
      moveIn: '2025-01-01',
      updatedAt: new Date(NOW),
    })
    .returning({ id: communityUnits.id });
  ids.riverbendUnit = foreignUnit?.id as string;
  // property settings (issue 22 item 5): Lakeside North's seeded contact and a holiday; Riverbend's property's own
  const settingsRow = (propertyId: string, accountId: string) => ({
    propertyId,
    accountId,
    createdAt: new Date(NOW),
    updatedAt: new Date(NOW),
  });
  ids.lakesideContact = (
    await database.db.select().from(propertyContacts).where(eq(propertyContacts.propertyId, ids.lakesideProperty))
  )[0]?.id as string;
  const holiday = { kind: 'closed', label: 'Holiday', startsOn: '2027-01-01', endsOn: '2027-01-01' };
  const [ownException, foreignException] = await database.db
    .insert(propertyHoursExceptions)
    .values([
      { ...holiday, ...settingsRow(ids.lakesideProperty, lakesideAccount.id) },
      { ...holiday, ...settingsRow(ids.riverbendProperty, ids.riverbend) },
    ])
    .returning({ id: propertyHoursExceptions.id });
  ids.lakesideException = ownException?.id as string;
  ids.riverbendException = foreignException?.id as string;
  const [foreignContact] = await database.db
    .insert(propertyContacts)
    .values({
      ...settingsRow(ids.riverbendProperty, ids.riverbend),
      name: 'IDOR Contact',
      role: 'maintenance',
      phone: '+14075550100',
      email: 'idor@riverbend.example',
      language: 'en',
    })
    .returning({ id: propertyContacts.id });
  ids.riverbendContact = foreignContact?.id as string;
  for (const [name, value] of Object.entries(ids)) expect(value, name).toBeTruthy();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The API routes as the server registered them (HEAD twins of GET routes are checked with their GET). */
function liveRoutes() {
  return app.portal.routes.filter((route) => isApiPath(route.url));
}

/** The OpenAPI document the server generates from its route schemas. */
async function openApi() {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
          parameters?: { in: string; name: string }[];
        }
      >
    >;
  };
}
type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
};
/** A body schema with at least one field (in one of its variants). */
const takesFields = (schema: JsonSchema): boolean =>
  Object.keys(schema.properties ?? {}).length > 0 ||
  [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some(takesFields);
/** OpenAPI `{param}` back to the registered `:param`. */
const patternOf = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

/** Body fields that name a record: `…Id` and vault `token`s, with their dotted paths. */
function idFields(schema: JsonSchema, prefix = ''): string[] {
  const found = new Set<string>();
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    if ((/Ids?$/.test(name) || name === 'token') && !NOT_BUSINESS_IDS.has(name)) found.add(path);
    for (const nested of idFields(child, `${path}.`)) found.add(nested);
  }
  for (const variant of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    for (const nested of idFields(variant, prefix)) found.add(nested);
  }
  if (schema.items) for (const nested of idFields(schema.items, prefix)) found.add(nested);
  return [...found];
}

const errorCodeOf = (response: LightMyRequestResponse) => {
  try {
    return (response.json() as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

type Call = {
  url: string;
  payload?: unknown;
  idempotent?: boolean;
  headers?: Record<string, string>;
  /** Who sends it, when not the check's usual caller (a community route: Lakeside's manager; issue 22). */
  caller?: () => Browser;
};

/** A request as the portal's pages send it: anti-forgery headers on state-changing methods, an Idempotency-Key on
 * money-moving ones. */
function send(b: Browser, method: string, call: Call) {
  const stateChanging = method !== 'GET' && method !== 'HEAD';
  return b.request({
    method: method as 'GET',
    url: call.url,
    headers: {
      ...(stateChanging ? b.csrf() : {}),
      ...(call.idempotent ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {}),
      ...(call.headers ?? {}),
    },
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });
}

/** Which account an actor's own-account precondition applies to. */
const accountOf = (actor: Actor) => (actor === 'otherBusiness' ? ids.riverbend : ids.harbor);
const cardOf = (actor: Actor) => (actor === 'otherBusiness' ? ids.riverbendCard : ids.harborVisa);
/** A changed expiry per caller: a card edit must change it (spec §5). */
const EXPIRY: Record<Actor, string> = {
  anonymous: '0930',
  STANDARD: '0931',
  otherBusiness: '0932',
  BILLING: '0933',
  ADMIN: '0934',
  PRIMARY: '0935',
};

/**
 * The request each route gets in the matrix, with Harbor's ids where it takes one. A route without an entry here is
 * called with its URL and no body (GET routes without parameters).
 */
/** Valid line settings (issue 19 items 6-8): forwarding inside the account only (no step-up), Call Guard as seeded. */
const WEEKDAY = { open: '08:00', close: '18:00' };
const FORWARDING_BODY = {
  always: { enabled: false, to: '' },
  busy: { enabled: true, to: '207-555-0102' },
  noAnswer: { enabled: false, to: '', rings: 4 },
  unreachable: { enabled: false, to: '' },
  simultaneousRing: { enabled: false, numbers: [] },
  businessHours: { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY, sat: null, sun: null },
  holidays: [],
  scheduleRules: [],
  hoursPropertyId: null,
};
const CALL_GUARD_BODY = {
  level: 'label',
  blockedNumbers: ['+18885550142'],
  blockedPrefixes: ['900'],
  blockAnonymous: true,
  allowedNumbers: [],
};
const SIMULATE_BODY = { from: '207-555-0148', at: '2026-11-24T14:30' };
const voiceLineUrl = (lineId: string, part = '') => `/api/pub/voice/v1/lines/${lineId}${part}`;

/** issue 22 item 5: a property's settings, their URLs and valid bodies (Lakeside's ids unless told). */
const settingsUrl = (part: string, propertyId = ids.lakesideProperty) =>
  `/api/pub/community/v1/properties/${propertyId}/${part}`;
const SETTINGS_BODIES = {
  week: () => ({ week: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, intervals: [] })) }),
  exception: () => ({ kind: 'closed', label: 'Matrix', startDate: '2027-02-01', endDate: '2027-02-01', intervals: [] }),
  contact: () => ({ name: 'Matrix', role: 'leasing', phone: '', email: 'matrix@example.com', language: 'en' }),
  choices: (contactId = ids.lakesideContact) => ({ choices: [{ contactId, notice: 'outages', channel: 'email' }] }),
};
/** The settings' routes with a body or an id: every matrix actor is refused before either is looked at. */
const SETTINGS_CALLS: Record<string, () => Call> = {
  'GET /api/pub/community/v1/properties/:propertyId/hours': () => ({ url: settingsUrl('hours') }),
  'PUT /api/pub/community/v1/properties/:propertyId/hours': () => ({
    url: settingsUrl('hours'),
    payload: SETTINGS_BODIES.week(),
  }),
  'GET /api/pub/community/v1/properties/:propertyId/hours/exceptions': () => ({ url: settingsUrl('hours/exceptions') }),
  'POST /api/pub/community/v1/properties/:propertyId/hours/exceptions': () => ({
    url: settingsUrl('hours/exceptions'),
    payload: SETTINGS_BODIES.exception(),
  }),
  'PUT /api/pub/community/v1/properties/:propertyId/hours/exceptions/:exceptionId': () => ({
    url: settingsUrl(`hours/exceptions/${ids.lakesideException}`),
    payload: SETTINGS_BODIES.exception(),
  }),
  'DELETE /api/pub/community/v1/properties/:propertyId/hours/exceptions/:exceptionId': () => ({
    url: settingsUrl(`hours/exceptions/${ids.lakesideException}`),
  }),
  'GET /api/pub/community/v1/properties/:propertyId/contacts': () => ({ url: settingsUrl('contacts') }),
  'POST /api/pub/community/v1/properties/:propertyId/contacts': () => ({
    url: settingsUrl('contacts'),
    payload: SETTINGS_BODIES.contact(),
  }),
  'PUT /api/pub/community/v1/properties/:propertyId/contacts/:contactId': () => ({
    url: settingsUrl(`contacts/${ids.lakesideContact}`),
    payload: SETTINGS_BODIES.contact(),
  }),
  'DELETE /api/pub/community/v1/properties/:propertyId/contacts/:contactId': () => ({
    url: settingsUrl(`contacts/${ids.lakesideContact}`),
  }),
  'GET /api/pub/community/v1/properties/:propertyId/contact-preferences': () => ({
    url: settingsUrl('contact-preferences'),
  }),
  'PUT /api/pub/community/v1/properties/:propertyId/contact-preferences': () => ({
    url: settingsUrl('contact-preferences'),
    payload: SETTINGS_BODIES.choices(),
  }),
};

/** issue 23 item 5: a document every schema answers, as GraphQL-over-HTTP sends it by POST and by GET. */
const TYPENAME = { query: '{ __typename }' };
const GRAPHQL_CALLS: Record<string, () => Call> = Object.fromEntries(
  GRAPHQL_PATHS.flatMap((url) => [
    [`POST ${url}`, () => ({ url, payload: TYPENAME })],
    [`GET ${url}`, () => ({ url: `${url}?query=${encodeURIComponent(TYPENAME.query)}` })],
  ]),
);

const MATRIX_CALLS: Record<string, (actor: Actor) => Call | Promise<Call>> = {
  ...SETTINGS_CALLS,
  ...GRAPHQL_CALLS,
  // issue 22 item 5: network operations' event made on demand, over an address it does not serve (404, nothing made)
  'POST /api/dev/network-ops/events': () => ({
    url: '/api/dev/network-ops/events',
    payload: { addressLine1: '1 Nowhere Rd', zip: '00000' },
  }),
  // issue 23 item 6: the footprint checks, each with its flow and place
  [`GET ${PARTNER_IP_PATH}`]: () => ({ url: `${PARTNER_IP_PATH}?flow=support` }),
  [`GET ${PARTNER_ZIPCODE_PATH}`]: () => ({ url: `${PARTNER_LOCATION_BASE}/zipcode/04101?flow=support` }),
  [`GET ${PARTNER_ADDRESS_PATH}`]: () => ({
    url: `${PARTNER_ADDRESS_PATH}?flow=support&addressLine1=120%20Commercial%20St&zipcode=04101`,
  }),
  [`GET ${PARTNER_SUPPORT_IP_PATH}`]: () => ({ url: `${PARTNER_LOCATION_BASE}/support/contact/ip` }),
  [`GET ${PARTNER_SUPPORT_ZIPCODE_PATH}`]: () => ({ url: `${PARTNER_LOCATION_BASE}/support/contact/zipcode/78731` }),
  [`GET ${PARTNER_SUPPORT_ADDRESS_PATH}`]: () => ({
    url: `${PARTNER_LOCATION_BASE}/support/contact/address?addressLine1=4410%20Pinecrest%20Rd&zipcode=78731`,
  }),
  // issue 23 item 6: the member edge with harbor-staff's guid (the matrix: only they get it)
  [`GET ${MEMBER_PATH}`]: () => ({ url: MEMBER_PATH.replace(':guid', ids.harborStaff) }),
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/pub/sbnetloginedge/interaction/:uid': () => ({ url: '/api/pub/sbnetloginedge/interaction/no-such-uid' }),
  'POST /api/pub/sbnetloginedge/interaction/:uid/login': () => ({
    url: '/api/pub/sbnetloginedge/interaction/no-such-uid/login',
    payload: { username: 'harbor-owner', password: DEMO_PASSWORD, rememberMe: false },
  }),
  'POST /api/pub/session/v1/ping': () => ({ url: '/api/pub/session/v1/ping' }),
  'PUT /api/pub/session/v1/language': () => ({ url: '/api/pub/session/v1/language', payload: { language: 'en' } }),
  'POST /api/pub/session/v1/logout': () => ({ url: '/api/pub/session/v1/logout' }),
  'PUT /api/dev/flags/:name': () => ({ url: '/api/dev/flags/maintenance', payload: { enabled: null } }),
  // issue 22: a Lakeside property's units and a unit (every matrix actor is refused before the id is looked at)
  'GET /api/pub/community/v1/properties/:propertyId/units': () => ({
    url: `/api/pub/community/v1/properties/${ids.lakesideProperty}/units`,
  }),
  'GET /api/pub/community/v1/units/:unitId': () => ({ url: `/api/pub/community/v1/units/${ids.lakesideUnit}` }),
  // issue 22 item 6: a Lakeside property's ramp ledger (every matrix actor is refused before the id is looked at)
  'GET /api/pub/tech-amenities/v1/properties/:propertyId/ramp-ledger': () => ({
    url: `/api/pub/tech-amenities/v1/properties/${ids.lakesideProperty}/ramp-ledger`,
  }),
  'PUT /api/pub/community/v1/units/:unitId/access': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/access`,
    payload: { access: 'suspended' },
  }),
  'PUT /api/pub/community/v1/units/:unitId/resident': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/resident`,
    payload: { name: 'Matrix Resident', email: null, phone: null, moveIn: '2026-01-01', moveOut: null },
  }),
  'POST /api/pub/community/v1/units/:unitId/wifi-credentials': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/wifi-credentials`,
    payload: { channel: 'email', language: 'en' },
  }),
  // issue 22 item 4: a residents file's bytes (every matrix actor is refused before they are read)
  'POST /api/pub/community/v1/resident-imports/dry-run': () => ({
    url: '/api/pub/community/v1/resident-imports/dry-run',
  }),
  'POST /api/pub/community/v1/resident-imports': () => ({ url: '/api/pub/community/v1/resident-imports' }),
  'POST /api/pub/billing/v1/pay-links': () => ({
    url: PAY_LINKS_PATH,
    payload: { capCents: 1_000, expiresInDays: 1, usesAllowed: 1, note: 'Matrix' },
  }),
  'POST /api/pub/billing/v1/pay-links/:payLinkId/revoke': () => ({
    url: `${PAY_LINKS_PATH}/${ids.harborPayLink}/revoke`,
  }),
  'POST /api/pub/session/v1/step-up': () => ({ url: STEP_UP_PATH, payload: { password: DEMO_PASSWORD } }),
  // issue 18 item 3: the step-up by passkey, for a caller with one; an assertion that verifies nowhere
  'POST /api/pub/session/v1/step-up/passkey-options': async (actor) => {
    if (actor !== 'anonymous') await sparePasskey(ACTOR_USERNAMES[actor]);
    return { url: STEP_UP_PASSKEY_OPTIONS_PATH };
  },
  'POST /api/pub/session/v1/step-up/passkey': () => ({
    url: STEP_UP_PASSKEY_PATH,
    payload: { credential: FAKE_ASSERTION },
  }),
  // issue 18 item 2: another session of the caller's own is ended; the password change is refused by the policy
  'POST /api/pub/session/v1/sessions/:sessionId/end': async (actor) => ({
    url: `${SESSIONS_PATH}/${actor === 'anonymous' ? randomUUID() : await spareSession(ACTOR_USERNAMES[actor])}/end`,
  }),
  'POST /api/pub/session/v1/sessions/end-others': () => ({ url: SESSIONS_END_OTHERS_PATH }),
  'POST /api/pub/session/v1/password': () => ({
    url: PASSWORD_CHANGE_PATH,
    payload: { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
  }),
  // issue 18 item 1: a mobile number that is no telephone number (nothing changes); an e-mail change's link is sent
  'PUT /api/pub/session/v1/personal-details': () => ({
    url: PERSONAL_DETAILS_PATH,
    payload: { firstName: 'Matrix', lastName: 'Caller', mobilePhone: '12' },
  }),
  'PUT /api/pub/session/v1/notifications': () => ({
    url: NOTIFICATIONS_PATH,
    payload: { choices: [{ event: 'bill_ready', email: true, text: true }] },
  }),
  'POST /api/pub/session/v1/personal-details/email': (actor) => ({
    url: EMAIL_CHANGE_PATH,
    payload: { email: `matrix-change-${actor.toLowerCase()}@example.com` },
  }),
  'PUT /api/pub/account/v1/company': () => ({
    url: COMPANY_DETAILS_PATH,
    payload: {
      displayName: 'Matrix Co.',
      businessPhone: '12',
      billingContactName: 'Matrix Caller',
      billingContactEmail: 'matrix@example.com',
    },
  }),
  // issue 18 item 2: a registration answer that verifies nowhere; a passkey of the caller's own renamed, removed
  'POST /api/pub/session/v1/passkeys/registration-options': () => ({ url: `${PASSKEYS_PATH}/registration-options` }),
  'POST /api/pub/session/v1/passkeys': () => ({
    url: PASSKEYS_PATH,
    payload: { name: 'Matrix', credential: FAKE_REGISTRATION },
  }),
  'PATCH /api/pub/session/v1/passkeys/:passkeyId': async (actor) => ({
    url: `${PASSKEYS_PATH}/${actor === 'anonymous' ? randomUUID() : await sparePasskey(ACTOR_USERNAMES[actor])}`,
    payload: { name: 'Matrix' },
  }),
  'POST /api/pub/session/v1/passkeys/:passkeyId/remove': async (actor) => ({
    url: `${PASSKEYS_PATH}/${actor === 'anonymous' ? randomUUID() : await sparePasskey(ACTOR_USERNAMES[actor])}/remove`,
  }),
  'POST /api/pub/sbnetloginedge/interaction/:uid/passkey-options': () => ({
    url: '/api/pub/sbnetloginedge/interaction/no-such-uid/passkey-options',
  }),
  'POST /api/pub/sbnetloginedge/interaction/:uid/passkey-login': () => ({
    url: '/api/pub/sbnetloginedge/interaction/no-such-uid/passkey-login',
    payload: { credential: FAKE_ASSERTION },
  }),
  // users and roles: changes that leave Harbor's users as they are (a role unchanged, a deactivated user deactivated)
  'PUT /api/pub/users/v1/users/:userId/role': () => ({
    url: `${USERS_PATH}/${ids.harborStaff}/role`,
    payload: { role: 'STANDARD' },
  }),
  'PUT /api/pub/users/v1/users/:userId/access': () => ({
    url: `${USERS_PATH}/${ids.harborStaff}/access`,
    payload: { accessEndsOn: null },
  }),
  'POST /api/pub/users/v1/users/:userId/deactivate': () => ({ url: `${USERS_PATH}/${ids.harborFormer}/deactivate` }),
  'POST /api/pub/users/v1/users/:userId/reactivate': () => ({ url: `${USERS_PATH}/${ids.harborStaff}/reactivate` }),
  'DELETE /api/pub/users/v1/users/:userId': () => ({ url: `${USERS_PATH}/${randomUUID()}` }),
  'POST /api/pub/users/v1/primary-transfer': () => ({
    url: PRIMARY_TRANSFER_PATH,
    payload: { userId: ids.harborStaff },
  }),
  'POST /api/pub/users/v1/invitations': (actor) => ({
    url: INVITATIONS_PATH,
    payload: {
      email: `matrix-${actor.toLowerCase()}@example.com`,
      firstName: 'Matrix',
      lastName: 'Invitee',
      role: 'STANDARD',
      language: 'en',
    },
  }),
  'POST /api/pub/users/v1/invitations/:invitationId/resend': () => ({
    url: `${INVITATIONS_PATH}/${randomUUID()}/resend`,
  }),
  'DELETE /api/pub/users/v1/invitations/:invitationId': () => ({ url: `${INVITATIONS_PATH}/${randomUUID()}` }),
  ...Object.fromEntries(OPEN_DOOR_PATHS.map((url) => [`POST ${url}`, () => ({ url, payload: {} })])),
  ...Object.fromEntries(QUICK_PAY_PATHS.map((url) => [`POST ${url}`, () => ({ url, payload: {}, idempotent: true })])),
  ...Object.fromEntries(TRACKING_PATHS.map((url) => [`POST ${url}`, () => ({ url, payload: {} })])),
  'POST /api/pub/outages/v1/address-check': () => ({ url: '/api/pub/outages/v1/address-check', payload: {} }),
  // issue 20 items 7-8: a location, a callback and an outage that are no one's (404 to every role allowed)
  'POST /api/pub/outages/v1/callbacks': () => ({
    url: '/api/pub/outages/v1/callbacks',
    payload: { addressId: randomUUID(), channel: 'email', destination: 'matrix@example.com' },
  }),
  'DELETE /api/pub/outages/v1/callbacks/:callbackId': () => ({ url: `/api/pub/outages/v1/callbacks/${randomUUID()}` }),
  'POST /api/pub/outages/v1/credits': () => ({
    url: '/api/pub/outages/v1/credits',
    payload: { reference: 'OUT-99999' },
  }),
  'GET /api/pub/outages/v1/history/:reference/letter': () => ({ url: '/api/pub/outages/v1/history/OUT-99999/letter' }),
  // issue 21 item 4: an empty file, an empty ticket, an empty status request (400 to everyone)
  'POST /api/pub/support/v1/attachments': () => ({ url: '/api/pub/support/v1/attachments' }),
  'POST /api/pub/support/v1/tickets': () => ({ url: '/api/pub/support/v1/tickets', payload: {} }),
  'POST /api/pub/support/v1/tickets/status': () => ({ url: '/api/pub/support/v1/tickets/status', payload: {} }),
  // issue 21: an article no one wrote (404 to everyone)
  'GET /api/pub/support/v1/articles/:slug': () => ({ url: '/api/pub/support/v1/articles/no-such-article' }),
  'GET /api/dev/mailbox/emails/:emailId/html': () => ({ url: `/api/dev/mailbox/emails/${randomUUID()}/html` }),
  // issue 23 item 4: a support code (its lines, none here: 200 to everyone)
  'GET /api/dev/analytics/v1/log-lines': () => ({ url: '/api/dev/analytics/v1/log-lines?supportCode=K7QM-2XPA' }),
  'GET /api/pub/billing/v1/statements/:statementId': () => ({
    url: `/api/pub/billing/v1/statements/${ids.harborStatement}`,
  }),
  'GET /api/pub/billing/v1/statements/:statementId/pdf': () => ({
    url: `/api/pub/billing/v1/statements/${ids.harborStatement}/pdf`,
  }),
  'GET /api/pub/billing/v1/statements/:statementId/csv': () => ({
    url: `/api/pub/billing/v1/statements/${ids.harborStatement}/csv`,
  }),
  'POST /api/pub/pciedge/pci/v1/payments': () => ({
    url: '/api/pub/pciedge/pci/v1/payments',
    payload: testCard('4242424242424242'),
  }),
  'POST /api/pub/pciedge/pci/v1/payments/verify': () => ({
    url: '/api/pub/pciedge/pci/v1/payments/verify',
    payload: { paymentMethodId: ids.harborVisa, securityCode: '123' },
  }),
  'POST /api/pub/pciedge/pci/v1/online-banking': () => ({
    url: '/api/pub/pciedge/pci/v1/online-banking',
    payload: { institution: 'Vireo Test Bank', username: 'user_good', password: 'pass_good' },
  }),
  // $1.00 today with Harbor's Visa: small, and not a scheduled payment (at most 2 of those)
  'POST /api/pub/billing/v1/payments': () => ({
    url: '/api/pub/billing/v1/payments',
    payload: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.harborVisa } },
    idempotent: true,
  }),
  // the same payment with paperless asked for (Auto Pay's state is the enrolment routes' to set up)
  'POST /api/pub/billing/v1/checkout': () => ({
    url: '/api/pub/billing/v1/checkout',
    payload: {
      payment: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.harborVisa } },
      autoPay: null,
      paperless: true,
    },
    idempotent: true,
  }),
  'GET /api/pub/billing/v1/payments/:paymentId': () => ({ url: `/api/pub/billing/v1/payments/${ids.harborPayment}` }),
  'PUT /api/pub/billing/v1/scheduled-payments/:paymentId': () => ({
    url: `/api/pub/billing/v1/scheduled-payments/${ids.harborScheduled}`,
    payload: { amountCents: 1_200, paymentDate: LATER, paymentMethodId: ids.harborVisa },
    idempotent: true,
  }),
  'DELETE /api/pub/billing/v1/scheduled-payments/:paymentId': async () => ({
    url: `/api/pub/billing/v1/scheduled-payments/${await spareScheduled()}`,
    idempotent: true,
  }),
  'POST /api/pub/billing/v1/payment-methods': async () => ({
    url: '/api/pub/billing/v1/payment-methods',
    payload: { token: await spareToken() },
    idempotent: true,
  }),
  // issue 19 items 3-4: Harbor's Front counter; a heard voicemail marked heard again (nothing changes)
  'GET /api/pub/voice/v1/lines/:lineId/messages': () => ({ url: `/api/pub/voice/v1/lines/${ids.harborLine}/messages` }),
  'PATCH /api/pub/voice/v1/messages/:messageId': () => ({
    url: `/api/pub/voice/v1/messages/${ids.harborHeardMessage}`,
    payload: { heard: true },
  }),
  'GET /api/pub/phoneedge/v2/phone/messages/:messageId/media': () => ({
    url: `/api/pub/phoneedge/v2/phone/messages/${ids.harborHeardMessage}/media`,
  }),
  'GET /api/pub/vox-con/voicemail/tn/:tn/unread-count': () => ({
    url: '/api/pub/vox-con/voicemail/tn/2075550101/unread-count',
  }),
  'GET /api/pub/voice/v1/lines/:lineId/calls': () => ({ url: `/api/pub/voice/v1/lines/${ids.harborLine}/calls` }),
  'GET /api/pub/voice/v1/lines/:lineId/calls/export': () => ({
    url: `/api/pub/voice/v1/lines/${ids.harborLine}/calls/export`,
  }),
  'PUT /api/dev/voice-platform/faults': () => ({
    url: '/api/dev/voice-platform/faults',
    payload: { operation: 'messages', count: 0 },
  }),
  'PATCH /api/pub/voice/v1/lines/:lineId': () => ({
    url: voiceLineUrl(ids.harborLine),
    payload: { label: 'Front counter' },
  }),
  // issue 19 item 2: a phone line can be added again and again (each actor adds one to its own account)
  'POST /api/pub/services/v1/changes/preview': () => ({
    url: '/api/pub/services/v1/changes/preview',
    payload: { offer: 'phone-line' },
  }),
  'POST /api/pub/services/v1/changes': () => ({
    url: '/api/pub/services/v1/changes',
    payload: { offer: 'phone-line' },
    idempotent: true,
  }),
  'GET /api/pub/voice/v1/lines/:lineId/forwarding': () => ({ url: voiceLineUrl(ids.harborLine, '/forwarding') }),
  'PUT /api/pub/voice/v1/lines/:lineId/forwarding': () => ({
    url: voiceLineUrl(ids.harborLine, '/forwarding'),
    payload: FORWARDING_BODY,
  }),
  'GET /api/pub/voice/v1/lines/:lineId/call-guard': () => ({ url: voiceLineUrl(ids.harborLine, '/call-guard') }),
  'PUT /api/pub/voice/v1/lines/:lineId/call-guard': () => ({
    url: voiceLineUrl(ids.harborLine, '/call-guard'),
    payload: CALL_GUARD_BODY,
  }),
  'POST /api/pub/voice/v1/lines/:lineId/simulate': () => ({
    url: voiceLineUrl(ids.harborLine, '/simulate'),
    payload: SIMULATE_BODY,
  }),
  // issue 20 item 2: Harbor's installation confirmed (again: nothing changes), moved to its own window (nothing
  // changes), a spare visit cancelled
  'GET /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId': () => ({ url: visitUrl(ids.harborVisit) }),
  'GET /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/availability': () => ({
    url: visitUrl(ids.harborVisit, '/availability'),
  }),
  'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/confirm': () => ({
    url: visitUrl(ids.harborVisit, '/confirm'),
  }),
  'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/reschedule': async () => {
    const [job] = await database.db.select().from(dispatchJobs).where(eq(dispatchJobs.id, ids.harborVisit));
    return { url: visitUrl(ids.harborVisit, '/reschedule'), payload: { windowStart: job?.windowStart.toISOString() } };
  },
  'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/cancel': async () => ({
    url: visitUrl(await spareVisit(), '/cancel'),
    payload: { reason: 'schedule' },
  }),
  'GET /api/pub/sbnetserviceapptedge/v1/appointments/calendar/:orderId/:jobId': () => ({
    url: '/api/pub/sbnetserviceapptedge/v1/appointments/calendar/ORD-4471-2208/JOB-88213',
  }),
  'PUT /api/dev/dispatch/faults': () => ({ url: '/api/dev/dispatch/faults', payload: { operation: 'jobs', count: 0 } }),
  'PUT /api/dev/provisioning/faults': () => ({
    url: '/api/dev/provisioning/faults',
    payload: { operation: 'modemSeen', count: 0 },
  }),
  'PUT /api/pub/selfinstall/v1/kit/wifi': () => ({
    url: '/api/pub/selfinstall/v1/kit/wifi',
    payload: { networkName: 'Harbor Guest', password: 'espresso-42' },
  }),
  // issue 19 item 1: Harbor's gateway named again as it is (nothing changes)
  'PUT /api/pub/services/v1/equipment/:equipmentId/nickname': () => ({
    url: `/api/pub/services/v1/equipment/${ids.harborModem}/nickname`,
    payload: { nickname: 'Front counter gateway' },
  }),
  // issue 21 item 5: Harbor's gateway restarted (it comes back online), and troubleshooting's check of its internet
  'POST /api/pub/services/v1/equipment/:equipmentId/restart': () => ({
    url: `/api/pub/services/v1/equipment/${ids.harborModem}/restart`,
  }),
  'GET /api/pub/support/v1/troubleshooting': () => ({ url: '/api/pub/support/v1/troubleshooting?subject=internet' }),
  // issue 21 item 7: the speed test's bytes and figures
  'GET /api/pub/speedtest/v1/download': () => ({ url: '/api/pub/speedtest/v1/download?bytes=1000' }),
  'POST /api/pub/speedtest/v1/upload': () => ({ url: '/api/pub/speedtest/v1/upload' }),
  'POST /api/pub/speedtest/v1/results': () => ({ url: '/api/pub/speedtest/v1/results', payload: SPEED_FIGURES }),
  'POST /api/pub/analytics/v1/events': () => ({ url: '/api/pub/analytics/v1/events', payload: ANALYTICS_BATCH }),
  // issue 23 item 3: the caller's own analytics events (none of another business's: they are the caller's by pseudonym)
  'DELETE /api/pub/analytics/v1/privacy/events': () => ({ url: '/api/pub/analytics/v1/privacy/events' }),
  // issue 23 item 3: usage analytics stay on (every demo user's default)
  'PUT /api/pub/analytics/v1/privacy': () => ({
    url: '/api/pub/analytics/v1/privacy',
    payload: { usageAnalytics: true },
  }),
  // issue 21 item 6: Harbor has no self-install kit (404 to the admin group)
  'POST /api/pub/selfinstall/v1/kit/activation': () => ({ url: '/api/pub/selfinstall/v1/kit/activation' }),
  'PATCH /api/pub/billing/v1/payment-methods/:paymentMethodId': (actor) => ({
    url: `/api/pub/billing/v1/payment-methods/${ids.harborVisa}`,
    payload: { nameOnCard: 'Hannah Reyes', expiry: EXPIRY[actor], zip: '02110' },
    idempotent: true,
  }),
  'DELETE /api/pub/billing/v1/payment-methods/:paymentMethodId': async () => ({
    url: `/api/pub/billing/v1/payment-methods/${await spareCard()}`,
    idempotent: true,
  }),
  // Auto Pay requests start from the state they need on the caller's own account: not enrolled to enrol (so
  // Riverbend's request reaches the method check instead of CONFLICT), enrolled to change or cancel
  'POST /api/pub/billing/v1/autopay': async (actor) => {
    await setCoreAutoPay(accountOf(actor), cardOf(actor), false);
    return {
      url: '/api/pub/billing/v1/autopay',
      payload: {
        services: ['core'],
        paymentMethodId: ids.harborVisa,
        debitDay,
        acceptElectronicPaymentTerms: true,
        acceptTermsOfService: true,
        paperless: false,
      },
      idempotent: true,
    };
  },
  'PUT /api/pub/billing/v1/autopay/method': async (actor) => {
    await setCoreAutoPay(accountOf(actor), cardOf(actor), true);
    return {
      url: '/api/pub/billing/v1/autopay/method',
      payload: { services: ['core'], paymentMethodId: ids.harborChecking },
      idempotent: true,
    };
  },
  'PUT /api/pub/billing/v1/autopay/date': async (actor) => {
    await setCoreAutoPay(accountOf(actor), cardOf(actor), true);
    return { url: '/api/pub/billing/v1/autopay/date', payload: { services: ['core'], debitDay }, idempotent: true };
  },
  'DELETE /api/pub/billing/v1/autopay': async (actor) => {
    await setCoreAutoPay(accountOf(actor), cardOf(actor), true);
    return { url: '/api/pub/billing/v1/autopay', payload: { services: ['core'] }, idempotent: true };
  },
  'PUT /api/pub/billing/v1/paperless': () => ({ url: '/api/pub/billing/v1/paperless', payload: { enrolled: false } }),
  'GET /api/pub/mobile/v1/orders/:orderId': () => ({ url: `/api/pub/mobile/v1/orders/${ids.harborOrder}` }),
  // an extra $1.00 toward Harbor's device, today
  'POST /api/pub/mobile/v1/payments': () => ({
    url: '/api/pub/mobile/v1/payments',
    payload: {
      target: { kind: 'deviceExtra', deviceId: ids.harborDevice },
      amountCents: 100,
      method: { paymentMethodId: ids.harborVisa },
    },
    idempotent: true,
  }),
  // cancelling a cancelled subscription answers it as it is (200)
  'POST /api/pub/billing/v1/subscriptions/:subscriptionId/cancel': () => ({
    url: `/api/pub/billing/v1/subscriptions/${ids.harborSubscription}/cancel`,
    payload: {},
  }),
  'PUT /api/dev/processor/faults': () => ({ url: '/api/dev/processor/faults', payload: {} }),
  'PUT /api/dev/billing-system/faults': () => ({ url: '/api/dev/billing-system/faults', payload: {} }),
  'PUT /api/dev/network-ops/faults': () => ({ url: '/api/dev/network-ops/faults', payload: {} }),
  'POST /api/dev/clock': () => ({ url: '/api/dev/clock', payload: { reset: true } }),
};

function expectAnswer(
  response: LightMyRequestResponse,
  outcome: Outcome,
  request: { url: string; label: string },
  head = false,
) {
  const { status, code } = answerOf(outcome);
  const label = request.label;
  expect(response.statusCode, `${label} (${outcome.class})\n${response.body.slice(0, 500)}`).toBe(status);
  // quality-bars.md: the headers and cookie flags on every response, whoever asks and whatever the answer
  expect(
    securityHeaderViolations(response.headers, {
      url: request.url,
      https: app.portal.config.publicUrl.startsWith('https:'),
    }),
    label,
  ).toEqual([]);
  // a HEAD answer has no body to carry the code
  if (!head) expect(errorCodeOf(response), label).toBe(code);
}

describe('the route table and the matrix (quality-bars.md: a route missing from the matrix fails the suite)', () => {
  it('has exactly one matrix entry per live API route, declaring the access the route declares', () => {
    const live = liveRoutes();
    const gets = new Set(live.filter((route) => route.method === 'GET').map((route) => route.url));
    // HEAD twins of GET routes are called with their GET entry's request; a HEAD-only route needs its own entry
    const expected = live.filter((route) => route.method !== 'HEAD' || !gets.has(route.url)).map(routeKey);
    const listed = AUTHORIZATION_MATRIX.map(routeKey);
    expect(new Set(listed).size, 'duplicate matrix entries').toBe(listed.length);
    expect(
      expected.filter((key) => !listed.includes(key)),
      'live routes without a matrix entry',
    ).toEqual([]);
    expect(
      listed.filter((key) => !expected.includes(key)),
      'matrix entries without a live route',
    ).toEqual([]);
    for (const entry of AUTHORIZATION_MATRIX) {
      const route = live.find((r) => r.method === entry.method && r.url === entry.url);
      expect(route?.access, routeKey(entry)).toBe(entry.access);
    }
  });

  it('is coherent with each route declaration: public routes answer everyone alike, others need a session', () => {
    for (const entry of AUTHORIZATION_MATRIX) {
      const classes = ACTORS.map((actor) => entry.expect[actor].class);
      if (entry.access === 'public') expect(new Set(classes), routeKey(entry)).toEqual(new Set(['public']));
      else {
        expect(entry.expect.anonymous.class, routeKey(entry)).toBe('unauthenticated');
        expect(classes.slice(1), routeKey(entry)).not.toContain('public');
        expect(classes.slice(1), routeKey(entry)).not.toContain('unauthenticated');
      }
    }
  });

  it('has a request for every route that takes parameters or a body', () => {
    const needsCall = AUTHORIZATION_MATRIX.filter(
      (entry) => /[:*]/.test(entry.url) || !['GET', 'HEAD'].includes(entry.method),
    ).map(routeKey);
    expect(needsCall.filter((key) => !(key in MATRIX_CALLS))).toEqual([]);
    expect(Object.keys(MATRIX_CALLS).filter((key) => !AUTHORIZATION_MATRIX.some((e) => routeKey(e) === key))).toEqual(
      [],
    );
  });
});

type IdorCase = {
  /** The id-bearing parts of routes this case puts another business's id into: `METHOD url path:x|body:x`. */
  covers: string[];
  method: string;
  call: () => Call;
  /** The caller's own state the request needs to reach its id check. */
  before?: () => Promise<void>;
  /** Who asks, when not Harbor's PRIMARY user: a route Harbor may not use at all (the community's, issue 22). */
  caller?: () => Browser;
};

/**
 * Harbor's PRIMARY user with Riverbend's ids: each case puts exactly one foreign id into an otherwise valid request
 * of Harbor's, so nothing but that id can make it fail.
 */
const IDOR_CASES: IdorCase[] = [
  // issue 22 item 5: Lakeside's manager with another account's property, exception or contact, one at a time
  ...Object.entries(SETTINGS_CALLS).map(
    ([key, own]): IdorCase => ({
      covers: [`${key} path:propertyId`],
      method: key.split(' ')[0] as string,
      caller: () => lakeside,
      call: () => {
        const call = own();
        return { ...call, url: call.url.replace(ids.lakesideProperty, ids.riverbendProperty) };
      },
    }),
  ),
  ...(
    [
      ['PUT', 'hours/exceptions/:exceptionId', () => `hours/exceptions/${ids.riverbendException}`, 'exception'],
      ['DELETE', 'hours/exceptions/:exceptionId', () => `hours/exceptions/${ids.riverbendException}`, null],
      ['PUT', 'contacts/:contactId', () => `contacts/${ids.riverbendContact}`, 'contact'],
      ['DELETE', 'contacts/:contactId', () => `contacts/${ids.riverbendContact}`, null],
    ] as const
  ).map(
    ([method, pattern, part, body]): IdorCase => ({
      covers: [`${method} /api/pub/community/v1/properties/:propertyId/${pattern} path:${pattern.split(':')[1]}`],
      method,
      caller: () => lakeside,
      call: () => ({ url: settingsUrl(part()), ...(body ? { payload: SETTINGS_BODIES[body]() } : {}) }),
    }),
  ),
  {
    covers: ['PUT /api/pub/community/v1/properties/:propertyId/contact-preferences body:choices.contactId'],
    method: 'PUT',
    caller: () => lakeside,
    call: () => ({ url: settingsUrl('contact-preferences'), payload: SETTINGS_BODIES.choices(ids.riverbendContact) }),
  },
  // issue 22: Lakeside's manager asking for another account's property and unit (Harbor has no bulk agreement: 403)
  {
    covers: ['GET /api/pub/community/v1/properties/:propertyId/units path:propertyId'],
    method: 'GET',
    caller: () => lakeside,
    call: () => ({ url: `/api/pub/community/v1/properties/${ids.riverbendProperty}/units` }),
  },
  {
    covers: ['GET /api/pub/community/v1/units/:unitId path:unitId'],
    method: 'GET',
    caller: () => lakeside,
    call: () => ({ url: `/api/pub/community/v1/units/${ids.riverbendUnit}` }),
  },
  ...(
    [
      ['PUT', 'access', { access: 'suspended' }],
      ['PUT', 'resident', { name: 'Idor Resident', email: null, phone: null, moveIn: '2026-01-01', moveOut: null }],
      ['POST', 'wifi-credentials', { channel: 'email', language: 'en' }],
    ] as const
  ).map(
    ([method, action, payload]): IdorCase => ({
      covers: [`${method} /api/pub/community/v1/units/:unitId/${action} path:unitId`],
      method,
      caller: () => lakeside,
      call: () => ({ url: `/api/pub/community/v1/units/${ids.riverbendUnit}/${action}`, payload }),
    }),
  ),
  // issue 22 item 6: Lakeside's manager asking for the ramp ledger of another account's property
  {
    covers: ['GET /api/pub/tech-amenities/v1/properties/:propertyId/ramp-ledger path:propertyId'],
    method: 'GET',
    caller: () => lakeside,
    call: () => ({ url: `/api/pub/tech-amenities/v1/properties/${ids.riverbendProperty}/ramp-ledger` }),
  },
  // issue 21 item 4: a file Riverbend's owner sent, attached to Harbor's ticket
  {
    covers: ['POST /api/pub/support/v1/tickets body:attachmentIds'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/support/v1/tickets',
      payload: {
        topic: 'internet',
        subject: 'IDOR',
        message: 'Another business’s file.',
        lang: 'en',
        attachmentIds: [ids.riverbendAttachment],
      },
    }),
  },
  // issue 20 items 7-8: Riverbend's location, its callback and its outage, asked for by another business
  {
    covers: ['POST /api/pub/outages/v1/callbacks body:addressId'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/outages/v1/callbacks',
      payload: { addressId: ids.riverbendAddress, channel: 'email', destination: 'idor@example.com' },
    }),
  },
  {
    covers: ['DELETE /api/pub/outages/v1/callbacks/:callbackId path:callbackId'],
    method: 'DELETE',
    call: () => ({ url: `/api/pub/outages/v1/callbacks/${ids.riverbendCallback}` }),
  },
  {
    covers: ['GET /api/pub/outages/v1/history/:reference/letter path:reference'],
    method: 'GET',
    call: () => ({ url: '/api/pub/outages/v1/history/OUT-24117/letter' }),
  },
  ...(
    [
      ['PUT', 'role', { role: 'ADMIN' }],
      ['PUT', 'access', { accessEndsOn: null }],
      ['POST', 'deactivate', undefined],
      ['POST', 'reactivate', undefined],
    ] as const
  ).map(
    ([method, action, payload]): IdorCase => ({
      covers: [`${method} /api/pub/users/v1/users/:userId/${action} path:userId`],
      method,
      call: () => ({ url: `${USERS_PATH}/${ids.riverbendBilling}/${action}`, ...(payload ? { payload } : {}) }),
    }),
  ),
  {
    covers: ['POST /api/pub/session/v1/sessions/:sessionId/end path:sessionId'],
    method: 'POST',
    before: async () => {
      riverbendSession = await spareSession('riverbend-owner');
    },
    call: () => ({ url: `${SESSIONS_PATH}/${riverbendSession}/end` }),
  },
  // issue 18 item 2: another user's passkey (another business's) is neither renamed nor removed
  {
    covers: ['PATCH /api/pub/session/v1/passkeys/:passkeyId path:passkeyId'],
    method: 'PATCH',
    before: async () => {
      riverbendPasskey = await sparePasskey('riverbend-owner');
    },
    call: () => ({ url: `${PASSKEYS_PATH}/${riverbendPasskey}`, payload: { name: 'Taken' } }),
  },
  {
    covers: ['POST /api/pub/session/v1/passkeys/:passkeyId/remove path:passkeyId'],
    method: 'POST',
    before: async () => {
      riverbendPasskey = await sparePasskey('riverbend-owner');
    },
    call: () => ({ url: `${PASSKEYS_PATH}/${riverbendPasskey}/remove` }),
  },
  // issue 23 item 6: another business's member (any guid not the caller's own is not found)
  {
    covers: [`GET ${MEMBER_PATH} path:guid`],
    method: 'GET',
    call: () => ({ url: `${MEMBER_PATH.replace(':guid', ids.riverbendBilling)}?fl=VOICE` }),
  },
  {
    covers: ['DELETE /api/pub/users/v1/users/:userId path:userId'],
    method: 'DELETE',
    call: () => ({ url: `${USERS_PATH}/${ids.riverbendBilling}` }),
  },
  {
    covers: ['POST /api/pub/users/v1/primary-transfer body:userId'],
    method: 'POST',
    call: () => ({ url: PRIMARY_TRANSFER_PATH, payload: { userId: ids.riverbendBilling } }),
  },
  {
    covers: ['POST /api/pub/users/v1/invitations/:invitationId/resend path:invitationId'],
    method: 'POST',
    call: () => ({ url: `${INVITATIONS_PATH}/${ids.riverbendInvitation}/resend` }),
  },
  {
    covers: ['DELETE /api/pub/users/v1/invitations/:invitationId path:invitationId'],
    method: 'DELETE',
    call: () => ({ url: `${INVITATIONS_PATH}/${ids.riverbendInvitation}` }),
  },
  {
    covers: ['POST /api/pub/billing/v1/pay-links/:payLinkId/revoke path:payLinkId'],
    method: 'POST',
    call: () => ({ url: `${PAY_LINKS_PATH}/${ids.riverbendPayLink}/revoke` }),
  },
  ...['', '/pdf', '/csv'].map(
    (suffix): IdorCase => ({
      covers: [`GET /api/pub/billing/v1/statements/:statementId${suffix} path:statementId`],
      method: 'GET',
      call: () => ({ url: `/api/pub/billing/v1/statements/${ids.riverbendStatement}${suffix}` }),
    }),
  ),
  {
    covers: ['GET /api/pub/billing/v1/payments/:paymentId path:paymentId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/billing/v1/payments/${ids.riverbendPayment}` }),
  },
  {
    covers: ['PUT /api/pub/billing/v1/scheduled-payments/:paymentId path:paymentId'],
    method: 'PUT',
    call: () => ({
      url: `/api/pub/billing/v1/scheduled-payments/${ids.riverbendScheduled}`,
      payload: { amountCents: 1_500, paymentDate: LATER, paymentMethodId: ids.harborVisa },
      idempotent: true,
    }),
  },
  {
    covers: ['PUT /api/pub/billing/v1/scheduled-payments/:paymentId body:paymentMethodId'],
    method: 'PUT',
    call: () => ({
      url: `/api/pub/billing/v1/scheduled-payments/${ids.harborScheduled}`,
      payload: { amountCents: 1_500, paymentDate: LATER, paymentMethodId: ids.riverbendCard },
      idempotent: true,
    }),
  },
  {
    covers: ['DELETE /api/pub/billing/v1/scheduled-payments/:paymentId path:paymentId'],
    method: 'DELETE',
    call: () => ({ url: `/api/pub/billing/v1/scheduled-payments/${ids.riverbendScheduled}`, idempotent: true }),
  },
  {
    covers: ['GET /api/pub/voice/v1/lines/:lineId/messages path:lineId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/voice/v1/lines/${ids.riverbendLine}/messages` }),
  },
  {
    covers: ['PATCH /api/pub/voice/v1/messages/:messageId path:messageId'],
    method: 'PATCH',
    call: () => ({ url: `/api/pub/voice/v1/messages/${ids.riverbendMessage}`, payload: { heard: true } }),
  },
  {
    covers: ['GET /api/pub/phoneedge/v2/phone/messages/:messageId/media path:messageId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/phoneedge/v2/phone/messages/${ids.riverbendMessage}/media` }),
  },
  {
    covers: ['PATCH /api/pub/voice/v1/lines/:lineId path:lineId'],
    method: 'PATCH',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine), payload: { label: 'Not yours' } }),
  },
  {
    covers: ['PATCH /api/pub/voice/v1/lines/:lineId body:assignedUserId'],
    method: 'PATCH',
    call: () => ({ url: voiceLineUrl(ids.harborLine), payload: { assignedUserId: ids.riverbendBilling } }),
  },
  {
    covers: ['GET /api/pub/voice/v1/lines/:lineId/forwarding path:lineId'],
    method: 'GET',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine, '/forwarding') }),
  },
  {
    covers: ['PUT /api/pub/voice/v1/lines/:lineId/forwarding path:lineId'],
    method: 'PUT',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine, '/forwarding'), payload: FORWARDING_BODY }),
  },
  {
    // issue 22 item 5: a line follows the business hours of a property of its own account only
    covers: ['PUT /api/pub/voice/v1/lines/:lineId/forwarding body:hoursPropertyId'],
    method: 'PUT',
    call: () => ({
      url: voiceLineUrl(ids.harborLine, '/forwarding'),
      payload: { ...FORWARDING_BODY, hoursPropertyId: ids.lakesideProperty },
    }),
  },
  {
    covers: ['GET /api/pub/voice/v1/lines/:lineId/call-guard path:lineId'],
    method: 'GET',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine, '/call-guard') }),
  },
  {
    covers: ['PUT /api/pub/voice/v1/lines/:lineId/call-guard path:lineId'],
    method: 'PUT',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine, '/call-guard'), payload: CALL_GUARD_BODY }),
  },
  {
    covers: ['POST /api/pub/voice/v1/lines/:lineId/simulate path:lineId'],
    method: 'POST',
    call: () => ({ url: voiceLineUrl(ids.riverbendLine, '/simulate'), payload: SIMULATE_BODY }),
  },
  ...(['', '/availability'] as const).map(
    (suffix): IdorCase => ({
      covers: [`GET /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId${suffix} path:appointmentId`],
      method: 'GET',
      call: () => ({ url: visitUrl(ids.riverbendVisit, suffix) }),
    }),
  ),
  ...(
    [
      ['/confirm', undefined],
      ['/reschedule', { windowStart: '2026-11-27T13:00:00.000Z' }],
      ['/cancel', { reason: 'other' }],
    ] as const
  ).map(
    ([suffix, payload]): IdorCase => ({
      covers: [`POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId${suffix} path:appointmentId`],
      method: 'POST',
      call: () => ({ url: visitUrl(ids.riverbendVisit, suffix), ...(payload ? { payload } : {}) }),
    }),
  ),
  {
    covers: [
      'GET /api/pub/sbnetserviceapptedge/v1/appointments/calendar/:orderId/:jobId path:orderId',
      'GET /api/pub/sbnetserviceapptedge/v1/appointments/calendar/:orderId/:jobId path:jobId',
    ],
    method: 'GET',
    call: () => ({ url: '/api/pub/sbnetserviceapptedge/v1/appointments/calendar/ORD-JOB-IDOR-1/JOB-IDOR-1' }),
  },
  {
    covers: ['GET /api/pub/voice/v1/lines/:lineId/calls path:lineId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/voice/v1/lines/${ids.riverbendLine}/calls` }),
  },
  {
    covers: ['GET /api/pub/voice/v1/lines/:lineId/calls/export path:lineId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/voice/v1/lines/${ids.riverbendLine}/calls/export` }),
  },
  {
    covers: ['GET /api/pub/vox-con/voicemail/tn/:tn/unread-count path:tn'],
    method: 'GET',
    call: () => ({ url: '/api/pub/vox-con/voicemail/tn/4075550140/unread-count' }),
  },
  {
    covers: ['PUT /api/pub/services/v1/equipment/:equipmentId/nickname path:equipmentId'],
    method: 'PUT',
    call: () => ({
      url: `/api/pub/services/v1/equipment/${ids.riverbendModem}/nickname`,
      payload: { nickname: 'Not yours' },
    }),
  },
  {
    covers: ['POST /api/pub/services/v1/equipment/:equipmentId/restart path:equipmentId'],
    method: 'POST',
    call: () => ({ url: `/api/pub/services/v1/equipment/${ids.riverbendModem}/restart` }),
  },
  {
    covers: ['PATCH /api/pub/billing/v1/payment-methods/:paymentMethodId path:paymentMethodId'],
    method: 'PATCH',
    call: () => ({
      url: `/api/pub/billing/v1/payment-methods/${ids.riverbendCard}`,
      payload: { nameOnCard: 'Hannah Reyes', expiry: '0936', zip: '02110' },
      idempotent: true,
    }),
  },
  {
    covers: ['DELETE /api/pub/billing/v1/payment-methods/:paymentMethodId path:paymentMethodId'],
    method: 'DELETE',
    call: () => ({ url: `/api/pub/billing/v1/payment-methods/${ids.riverbendCard}`, idempotent: true }),
  },
  {
    covers: ['POST /api/pub/pciedge/pci/v1/payments/verify body:paymentMethodId'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/pciedge/pci/v1/payments/verify',
      payload: { paymentMethodId: ids.riverbendCard, securityCode: '123' },
    }),
  },
  {
    covers: ['POST /api/pub/billing/v1/payments body:method.paymentMethodId'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/billing/v1/payments',
      payload: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.riverbendCard } },
      idempotent: true,
    }),
  },
  {
    covers: ['POST /api/pub/billing/v1/payments body:method.token'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/billing/v1/payments',
      payload: { amountCents: 100, paymentDate: TODAY, method: { token: ids.riverbendToken, save: true } },
      idempotent: true,
    }),
  },
  // the checkout refuses another business's method or token before any part runs (paperless is not turned on)
  {
    covers: ['POST /api/pub/billing/v1/checkout body:payment.method.paymentMethodId'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/billing/v1/checkout',
      payload: {
        payment: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.riverbendCard } },
        autoPay: null,
        paperless: true,
      },
      idempotent: true,
    }),
  },
  {
    covers: ['POST /api/pub/billing/v1/checkout body:payment.method.token'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/billing/v1/checkout',
      payload: {
        payment: { amountCents: 100, paymentDate: TODAY, method: { token: ids.riverbendToken, save: true } },
        autoPay: null,
        paperless: true,
      },
      idempotent: true,
    }),
  },
  {
    covers: ['POST /api/pub/billing/v1/payment-methods body:token'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/billing/v1/payment-methods',
      payload: { token: ids.riverbendToken },
      idempotent: true,
    }),
  },
  {
    covers: ['POST /api/pub/billing/v1/autopay body:paymentMethodId'],
    method: 'POST',
    before: () => setCoreAutoPay(ids.harbor, ids.harborVisa, false),
    call: () => ({
      url: '/api/pub/billing/v1/autopay',
      payload: {
        services: ['core'],
        paymentMethodId: ids.riverbendCard,
        debitDay,
        acceptElectronicPaymentTerms: true,
        acceptTermsOfService: true,
        paperless: true,
      },
      idempotent: true,
    }),
  },
  {
    covers: ['PUT /api/pub/billing/v1/autopay/method body:paymentMethodId'],
    method: 'PUT',
    before: () => setCoreAutoPay(ids.harbor, ids.harborVisa, true),
    call: () => ({
      url: '/api/pub/billing/v1/autopay/method',
      payload: { services: ['core'], paymentMethodId: ids.riverbendCard },
      idempotent: true,
    }),
  },
  ...(['deviceExtra', 'devicePayoff'] as const).map(
    (kind): IdorCase => ({
      covers: ['POST /api/pub/mobile/v1/payments body:target.deviceId'],
      method: 'POST',
      call: () => ({
        url: '/api/pub/mobile/v1/payments',
        payload: {
          target: { kind, deviceId: ids.riverbendDevice },
          amountCents: kind === 'devicePayoff' ? ids.riverbendDevicePayoff : 100,
          method: { paymentMethodId: ids.harborVisa },
        },
        idempotent: true,
      }),
    }),
  ),
  {
    covers: ['POST /api/pub/mobile/v1/payments body:method.paymentMethodId'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/mobile/v1/payments',
      payload: {
        target: { kind: 'deviceExtra', deviceId: ids.harborDevice },
        amountCents: 100,
        method: { paymentMethodId: ids.riverbendCard },
      },
      idempotent: true,
    }),
  },
  {
    covers: ['POST /api/pub/mobile/v1/payments body:method.token'],
    method: 'POST',
    call: () => ({
      url: '/api/pub/mobile/v1/payments',
      payload: {
        target: { kind: 'deviceExtra', deviceId: ids.harborDevice },
        amountCents: 100,
        method: { token: ids.riverbendToken, save: false },
      },
      idempotent: true,
    }),
  },
  {
    covers: ['GET /api/pub/mobile/v1/orders/:orderId path:orderId'],
    method: 'GET',
    call: () => ({ url: `/api/pub/mobile/v1/orders/${ids.riverbendOrder}` }),
  },
  {
    covers: ['POST /api/pub/billing/v1/subscriptions/:subscriptionId/cancel path:subscriptionId'],
    method: 'POST',
    call: () => ({ url: `/api/pub/billing/v1/subscriptions/${ids.riverbendSubscription}/cancel`, payload: {} }),
  },
];

/** The paged lists: their `cursor` is the only id a query string carries. */
const CURSOR_ROUTES = [
  STATEMENTS_PATH,
  PAY_LINKS_PATH,
  USERS_PATH,
  INVITATIONS_PATH,
  AUDIT_LOG_PATH,
  '/api/pub/billing/v1/activity',
  PAYMENT_HISTORY_PATH,
  '/api/pub/billing/v1/charges',
  MOBILE_TRANSACTIONS_PATH,
  APPOINTMENTS_PATH,
  // issue 21 item 4: the user's own tickets
  '/api/pub/support/v1/tickets',
  // issue 21 item 7: the user's own speed tests
  '/api/pub/speedtest/v1/results',
  // issue 23 item 3: the person's own analytics events
  '/api/pub/analytics/v1/privacy/events',
];
/**
 * The paged lists under a record of the caller's (a line's mailbox): Harbor's own record in the path, and a cursor made
 * from another business's row, as the server makes them.
 */
const NESTED_CURSOR_ROUTES: {
  route: string;
  url: () => string;
  foreign: () => Promise<{ date: string; id: string }>;
  /** Who asks, when not Harbor's PRIMARY user (as in IDOR_CASES). */
  caller?: () => Browser;
}[] = [
  // issue 22 item 5: a Lakeside property's holidays, with a cursor made from another account's (its date and id)
  {
    route: '/api/pub/community/v1/properties/:propertyId/hours/exceptions',
    url: () => `${settingsUrl('hours/exceptions')}?when=upcoming`,
    foreign: async () => ({ date: '2026-12-31', id: ids.riverbendException }),
    caller: () => lakeside,
  },
  // issue 22: a Lakeside property's units, with a cursor made from another account's unit (its number and id)
  {
    route: '/api/pub/community/v1/properties/:propertyId/units',
    url: () => `/api/pub/community/v1/properties/${ids.lakesideProperty}/units?occupancy=occupied`,
    foreign: async () => ({ date: '101', id: ids.riverbendUnit }),
    caller: () => lakeside,
  },
  {
    route: '/api/pub/voice/v1/lines/:lineId/calls',
    url: () => `/api/pub/voice/v1/lines/${ids.harborLine}/calls?direction=incoming`,
    foreign: async () => {
      const [row] = await database.db.select().from(callRecords).where(eq(callRecords.id, ids.riverbendCall));
      return { date: row?.startedAt.toISOString() as string, id: row?.id as string };
    },
  },
  {
    route: '/api/pub/voice/v1/lines/:lineId/messages',
    url: () => `/api/pub/voice/v1/lines/${ids.harborLine}/messages?box=new`,
    foreign: async () => {
      const [row] = await database.db.select().from(voiceMessages).where(eq(voiceMessages.id, ids.riverbendMessage));
      return { date: row?.receivedAt.toISOString() as string, id: row?.id as string };
    },
  },
];

/** Path parameters that are not records of a business: the browser's own sign-in interaction, a flag's name. */
const NOT_BUSINESS_IDS = new Set(['uid', 'name']);
/**
 * The non-production mailbox shows every message of the outbox to anyone, by design (wider-portal.md §2; outside
 * production every account is demo data): its ids and cursors are not a business's records to scope.
 */
/**
 * Routes whose data belongs to no business: the non-production mailbox and analytics viewer, the outage map's events (issue 20), and the
 * help centre's articles, search and stores (issue 21: a slug names repository content, a search cursor a rank and a
 * slug). Support tickets are a user's or a visitor's own and are covered below.
 */
const UNSCOPED_BY_DESIGN = [
  '/api/dev/mailbox/',
  '/api/pub/outages/v1/outages',
  '/api/pub/outages/v1/address-check',
  '/api/pub/support/v1/articles',
  '/api/pub/support/v1/search',
  '/api/pub/support/v1/stores',
  // issue 23 item 2: the analytics ingest (a trace id names a request, not a business's record; nothing is read back),
  // and the non-production viewer of what was kept (pseudonyms only, shortened; open as the mailbox)
  '/api/pub/analytics/v1/events',
  '/api/dev/analytics/',
  // issue 23 item 6: the footprint checks (a ZIP code and a flow name places, not records)
  PARTNER_LOCATION_BASE,
];
const LINK_ROUTES = '/api/pub/identity/v1/links/';
/**
 * A tracking link's token (issue 20 item 3) and a ticket's status link (issue 21 item 4) are such bearer secrets too:
 * each names its row to whoever holds it.
 */
const isLinkRoute = (url: string) =>
  url.startsWith(LINK_ROUTES) || (TRACKING_PATHS as string[]).includes(url) || url === SUPPORT_TICKET_STATUS_PATH;

describe("another business's ids (quality-bars.md: 0 reads or writes; answer 404)", () => {
  it('covers every id in the path, body and query of every live route', async () => {
    const spec = await openApi();
    const needed: string[] = [];
    const unscoped = (url: string) => UNSCOPED_BY_DESIGN.some((prefix) => url.startsWith(prefix));
    for (const route of liveRoutes().filter((r) => r.method !== 'HEAD' && !unscoped(r.url))) {
      for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
        if (!NOT_BUSINESS_IDS.has(param as string)) needed.push(`${routeKey(route)} path:${param}`);
      }
      const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const body = operation?.requestBody?.content['application/json']?.schema;
      // a link's token (issue 17, issue 20's tracking links) is a bearer secret sent to its holder, who acts with it by
      // design: not an id to scope
      const fields = body && !isLinkRoute(route.url) ? idFields(body) : [];
      for (const field of fields) needed.push(`${routeKey(route)} body:${field}`);
      for (const param of operation?.parameters ?? []) {
        // a keyset cursor names a row (its date and id): the query strings' only ids
        if (param.in === 'query' && param.name === 'cursor') needed.push(`${routeKey(route)} query:cursor`);
      }
    }
    const covered = new Set([
      ...IDOR_CASES.flatMap((c) => c.covers),
      ...CURSOR_ROUTES.map((u) => `GET ${u} query:cursor`),
      ...NESTED_CURSOR_ROUTES.map((r) => `GET ${r.route} query:cursor`),
    ]);
    expect(needed.length).toBeGreaterThan(20);
    expect(needed.filter((id) => !covered.has(id))).toEqual([]);
    expect([...covered].filter((id) => !needed.includes(id))).toEqual([]);
  });

  it.each(IDOR_CASES.map((c) => [c.covers.join(', '), c] as const))('%s: 404, nothing changed', async (_, idorCase) => {
    await idorCase.before?.();
    const call = idorCase.call();
    const before = await databaseDigest(database.db);
    const response = await send(idorCase.caller?.() ?? idor, idorCase.method, call);
    expect(response.statusCode, response.body).toBe(404);
    expect(errorCodeOf(response)).toBe('NOT_FOUND');
    // nothing of Riverbend's is read back: not even its ids
    for (const foreign of [
      ids.riverbendCard,
      ids.riverbendToken,
      ids.riverbendDevice,
      ids.riverbend,
      ids.riverbendProperty,
      ids.riverbendUnit,
    ]) {
      expect(response.body).not.toContain(foreign);
    }
    expect(response.body).not.toContain('Riverbend');
    expect((await databaseDigest(database.db)).digest).toBe(before.digest);
  });

  it("answers a keyset cursor naming another business's row with the caller's own rows only", async () => {
    // A cursor is a position (date, id) inside the caller's own account, not a lookup: the query is scoped to the
    // account first, so another business's cursor pages through Harbor's rows (200) and never reaches Riverbend's.
    const { db } = database;
    const riverbend = ids.riverbend;
    const riverbendIds = new Set(
      [
        ...(await db.select({ id: statements.id }).from(statements).where(eq(statements.accountId, riverbend))),
        ...(await db.select({ id: payments.id }).from(payments).where(eq(payments.accountId, riverbend))),
        ...(await db.select({ id: charges.id }).from(charges).where(eq(charges.accountId, riverbend))),
        ...(await db
          .select({ id: accountEvents.id })
          .from(accountEvents)
          .where(eq(accountEvents.accountId, riverbend))),
        ...(await db
          .select({ id: mobileRefunds.id })
          .from(mobileRefunds)
          .where(eq(mobileRefunds.accountId, riverbend))),
        ...(await db.select({ id: payLinks.id }).from(payLinks).where(eq(payLinks.accountId, riverbend))),
        ...(await db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.accountId, riverbend))),
        { id: ids.riverbendMessage },
        { id: ids.riverbendCall },
        { id: ids.riverbendProperty },
        { id: ids.riverbendUnit },
      ].map((row) => row.id),
    );
    expect(riverbendIds.size).toBeGreaterThan(20);
    const [refund] = await database.db.select().from(mobileRefunds).where(eq(mobileRefunds.accountId, ids.riverbend));
    for (const url of CURSOR_ROUTES) {
      const page = await json<{ nextCursor: string | null }>(otherSetup, `${url}?limit=1`);
      // Riverbend has one mobile transaction: its cursor is made from the row, as the server makes them
      const cursor =
        page.nextCursor ??
        encodeCursor({ date: refund?.refundedOn as string, id: refund?.id as string, direction: 'older' });
      const before = await databaseDigest(database.db);
      const response = await idor.request({ url: `${url}?cursor=${cursor}` });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const leaked = [...riverbendIds].filter((id) => response.body.includes(id));
      expect(leaked, url).toEqual([]);
      expect((await databaseDigest(database.db)).digest).toBe(before.digest);
    }
    for (const nested of NESTED_CURSOR_ROUTES) {
      const cursor = encodeCursor({ ...(await nested.foreign()), direction: 'older' });
      const before = await databaseDigest(database.db);
      const response = await (nested.caller?.() ?? idor).request({ url: `${nested.url()}&cursor=${cursor}` });
      expect(response.statusCode, `${nested.route}: ${response.body}`).toBe(200);
      expect(
        [...riverbendIds].filter((id) => response.body.includes(id)),
        nested.route,
      ).toEqual([]);
      expect((await databaseDigest(database.db)).digest).toBe(before.digest);
    }
  });
});

/** An otherwise valid body for each route that declares one (the request fails validation before anything else). */
const TOKEN = 'A'.repeat(43);
const UNSIGNED_TRACKING_TOKEN = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.1900000000.${'A'.repeat(43)}`;
const VALID_BODIES: Record<string, () => Call> = {
  // issue 23 item 5: the GraphQL endpoints' POST bodies
  ...Object.fromEntries(Object.entries(GRAPHQL_CALLS).filter(([key]) => key.startsWith('POST '))),
  // issue 22 item 5: a property's settings, sent by Lakeside's manager (Harbor would be refused before the body)
  ...Object.fromEntries(
    Object.entries(SETTINGS_CALLS)
      .filter(([key]) => /^(POST|PUT) /.test(key))
      .map(([key, call]) => [key, () => ({ ...call(), caller: () => lakeside })]),
  ),
  // issue 22 item 3: a unit's changes, sent by Lakeside's manager (Harbor would be refused before the body)
  'PUT /api/pub/community/v1/units/:unitId/access': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/access`,
    payload: { access: 'suspended' },
    caller: () => lakeside,
  }),
  'PUT /api/pub/community/v1/units/:unitId/resident': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/resident`,
    payload: { name: 'Valid Body', email: null, phone: null, moveIn: '2026-01-01', moveOut: null },
    caller: () => lakeside,
  }),
  'POST /api/pub/community/v1/units/:unitId/wifi-credentials': () => ({
    url: `/api/pub/community/v1/units/${ids.lakesideUnit}/wifi-credentials`,
    payload: { channel: 'email', language: 'en' },
    caller: () => lakeside,
  }),
  'POST /api/dev/network-ops/events': () => ({
    url: '/api/dev/network-ops/events',
    payload: { addressLine1: '1 Nowhere Rd', zip: '00000' },
  }),
  // issue 21 item 4: a visitor's ticket, and a status token no secret signed
  'POST /api/pub/support/v1/tickets': () => ({
    url: '/api/pub/support/v1/tickets',
    payload: {
      topic: 'other',
      subject: 'Hello',
      message: 'A question.',
      lang: 'en',
      name: 'V',
      email: 'v@example.com',
    },
  }),
  'POST /api/pub/support/v1/tickets/status': () => ({
    url: '/api/pub/support/v1/tickets/status',
    payload: { token: UNSIGNED_TRACKING_TOKEN },
  }),
  'POST /api/pub/identity/v1/password-check': () => ({
    url: '/api/pub/identity/v1/password-check',
    payload: { password: 'a long enough phrase' },
  }),
  'POST /api/pub/identity/v1/registration': () => ({
    url: '/api/pub/identity/v1/registration',
    payload: {
      billingAccount: '8260170080085566',
      zip: '97205',
      statementCode: '000000',
      firstName: 'Rosa',
      lastName: 'Quintero',
      username: 'rosa-q',
      email: 'rosa@oakandivy.example',
      password: 'peonies and ferns at dawn',
      language: 'en',
    },
  }),
  'POST /api/pub/identity/v1/recovery/username': () => ({
    url: '/api/pub/identity/v1/recovery/username',
    payload: { email: 'nobody@example.com', language: 'en' },
  }),
  'POST /api/pub/identity/v1/recovery/password': () => ({
    url: '/api/pub/identity/v1/recovery/password',
    payload: { email: 'nobody@example.com', language: 'en' },
  }),
  'POST /api/pub/identity/v1/links/status': () => ({
    url: '/api/pub/identity/v1/links/status',
    payload: { token: TOKEN },
  }),
  'POST /api/pub/identity/v1/links/verify': () => ({
    url: '/api/pub/identity/v1/links/verify',
    payload: { token: TOKEN },
  }),
  'POST /api/pub/identity/v1/links/reset-password': () => ({
    url: '/api/pub/identity/v1/links/reset-password',
    payload: { token: TOKEN, password: 'a long enough phrase' },
  }),
  'POST /api/pub/identity/v1/links/renew': () => ({
    url: '/api/pub/identity/v1/links/renew',
    payload: { token: TOKEN, language: 'en' },
  }),
  'POST /api/pub/identity/v1/links/accept-invitation': () => ({
    url: '/api/pub/identity/v1/links/accept-invitation',
    payload: { token: TOKEN, username: 'rosa-q', password: 'a long enough phrase' },
  }),
  'POST /api/pub/billing/v1/pay-links': () => ({
    url: PAY_LINKS_PATH,
    payload: { capCents: 1_000, expiresInDays: 1, usesAllowed: 1, note: 'October invoice' },
  }),
  'POST /api/pub/billing/v1/quick-pay/link': () => ({
    url: '/api/pub/billing/v1/quick-pay/link',
    payload: { link: TOKEN },
  }),
  'POST /api/pub/session/v1/step-up': () => ({ url: STEP_UP_PATH, payload: { password: DEMO_PASSWORD } }),
  'POST /api/pub/session/v1/step-up/passkey': () => ({
    url: STEP_UP_PASSKEY_PATH,
    payload: { credential: FAKE_ASSERTION },
  }),
  'POST /api/pub/session/v1/passkeys': () => ({
    url: PASSKEYS_PATH,
    payload: { name: 'Strict', credential: FAKE_REGISTRATION },
  }),
  'PATCH /api/pub/session/v1/passkeys/:passkeyId': () => ({
    url: `${PASSKEYS_PATH}/${MADE_UP_ID}`,
    payload: { name: 'Strict' },
  }),
  'POST /api/pub/sbnetloginedge/interaction/:uid/passkey-login': () =>
    MATRIX_CALLS['POST /api/pub/sbnetloginedge/interaction/:uid/passkey-login']?.('PRIMARY') as Call,
  'POST /api/pub/session/v1/password': () => ({
    url: PASSWORD_CHANGE_PATH,
    payload: { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
  }),
  'PUT /api/pub/users/v1/users/:userId/role': () => ({
    url: `${USERS_PATH}/${ids.harborStaff}/role`,
    payload: { role: 'BILLING' },
  }),
  'PUT /api/pub/users/v1/users/:userId/access': () => ({
    url: `${USERS_PATH}/${ids.harborStaff}/access`,
    payload: { accessEndsOn: '2026-12-24' },
  }),
  'POST /api/pub/users/v1/primary-transfer': () => ({
    url: PRIMARY_TRANSFER_PATH,
    payload: { userId: ids.harborStaff },
  }),
  'POST /api/pub/users/v1/invitations': () => ({
    url: INVITATIONS_PATH,
    payload: { email: 'strict@example.com', firstName: 'Strict', lastName: 'Body', role: 'BILLING', language: 'es' },
  }),
  'PUT /api/pub/session/v1/personal-details': () => ({
    url: PERSONAL_DETAILS_PATH,
    payload: { firstName: 'Strict', lastName: 'Body', mobilePhone: '(212) 555-0147' },
  }),
  'POST /api/pub/session/v1/personal-details/email': () => ({
    url: EMAIL_CHANGE_PATH,
    payload: { email: 'strict-change@example.com' },
  }),
  'PUT /api/pub/session/v1/notifications': () => ({
    url: NOTIFICATIONS_PATH,
    payload: {
      choices: CHOOSABLE_NOTIFICATION_EVENTS.map((event) => ({ event, email: true, text: event === 'bill_ready' })),
    },
  }),
  'PUT /api/pub/account/v1/company': () => ({
    url: COMPANY_DETAILS_PATH,
    payload: {
      displayName: 'Strict Co.',
      businessPhone: '(212) 555-0199',
      billingContactName: 'Strict Body',
      billingContactEmail: 'strict@example.com',
    },
  }),
  // Quick Pay (issue 17 item 6): Harbor's number and ZIP; a Quick Pay token that is no session's
  'POST /api/pub/billing/v1/quick-pay/lookup': () => ({
    url: '/api/pub/billing/v1/quick-pay/lookup',
    payload: { billingAccount: '8260170010011234', zip: '04101' },
  }),
  'POST /api/pub/pciedge/pci/v1/quick-pay/payments': () => ({
    url: '/api/pub/pciedge/pci/v1/quick-pay/payments',
    payload: { ...testCard('4242424242424242'), quickPayToken: TOKEN },
  }),
  'POST /api/pub/billing/v1/quick-pay/payments': () => ({
    url: '/api/pub/billing/v1/quick-pay/payments',
    payload: {
      quickPayToken: TOKEN,
      amountCents: 100,
      methodToken: 'tok_not_a_real_token',
      email: 'books@example.com',
      language: 'en',
    },
    idempotent: true,
  }),
  'POST /api/pub/sbnetloginedge/interaction/:uid/login': () =>
    MATRIX_CALLS['POST /api/pub/sbnetloginedge/interaction/:uid/login']?.('PRIMARY') as Call,
  'PUT /api/pub/session/v1/language': () => ({ url: '/api/pub/session/v1/language', payload: { language: 'es' } }),
  'PUT /api/dev/flags/:name': () => ({ url: '/api/dev/flags/maintenance', payload: { enabled: true } }),
  'POST /api/pub/billing/v1/payments': () => ({
    url: '/api/pub/billing/v1/payments',
    payload: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.harborVisa } },
    idempotent: true,
  }),
  'POST /api/pub/billing/v1/checkout': () => ({
    url: '/api/pub/billing/v1/checkout',
    payload: {
      payment: { amountCents: 100, paymentDate: TODAY, method: { paymentMethodId: ids.harborVisa } },
      autoPay: null,
      paperless: true,
    },
    idempotent: true,
  }),
  'POST /api/pub/pciedge/pci/v1/payments': () => ({
    url: '/api/pub/pciedge/pci/v1/payments',
    payload: testCard('4242424242424242'),
  }),
  'POST /api/pub/pciedge/pci/v1/payments/verify': () => ({
    url: '/api/pub/pciedge/pci/v1/payments/verify',
    payload: { paymentMethodId: ids.harborVisa, securityCode: '123' },
  }),
  'POST /api/pub/pciedge/pci/v1/online-banking': () => ({
    url: '/api/pub/pciedge/pci/v1/online-banking',
    payload: { institution: 'Vireo Test Bank', username: 'user_good', password: 'pass_good' },
  }),
  'PUT /api/pub/billing/v1/scheduled-payments/:paymentId': () => ({
    url: `/api/pub/billing/v1/scheduled-payments/${ids.harborScheduled}`,
    payload: { amountCents: 1_300, paymentDate: LATER, paymentMethodId: ids.harborVisa },
    idempotent: true,
  }),
  'POST /api/pub/billing/v1/payment-methods': () => ({
    url: '/api/pub/billing/v1/payment-methods',
    payload: { token: 'tok_not_a_real_token' },
    idempotent: true,
  }),
  'PUT /api/pub/services/v1/equipment/:equipmentId/nickname': () => ({
    url: `/api/pub/services/v1/equipment/${ids.harborModem}/nickname`,
    payload: { nickname: 'Front counter gateway' },
  }),
  'PATCH /api/pub/billing/v1/payment-methods/:paymentMethodId': () => ({
    url: `/api/pub/billing/v1/payment-methods/${ids.harborVisa}`,
    payload: { nameOnCard: 'Hannah Reyes', expiry: '0937', zip: '02110' },
    idempotent: true,
  }),
  'POST /api/pub/billing/v1/autopay': () => ({
    url: '/api/pub/billing/v1/autopay',
    payload: {
      services: ['core'],
      paymentMethodId: ids.harborVisa,
      debitDay,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: true,
    },
    idempotent: true,
  }),
  'DELETE /api/pub/billing/v1/autopay': () => ({
    url: '/api/pub/billing/v1/autopay',
    payload: { services: ['core'] },
    idempotent: true,
  }),
  'PUT /api/pub/billing/v1/autopay/method': () => ({
    url: '/api/pub/billing/v1/autopay/method',
    payload: { services: ['core'], paymentMethodId: ids.harborChecking },
    idempotent: true,
  }),
  'PUT /api/pub/billing/v1/autopay/date': () => ({
    url: '/api/pub/billing/v1/autopay/date',
    payload: { services: ['core'], debitDay },
    idempotent: true,
  }),
  'PUT /api/pub/billing/v1/paperless': () => ({ url: '/api/pub/billing/v1/paperless', payload: { enrolled: true } }),
  'POST /api/pub/mobile/v1/payments': () => ({
    url: '/api/pub/mobile/v1/payments',
    payload: {
      target: { kind: 'deviceExtra', deviceId: ids.harborDevice },
      amountCents: 100,
      method: { paymentMethodId: ids.harborVisa },
    },
    idempotent: true,
  }),
  'PUT /api/dev/processor/faults': () => ({ url: '/api/dev/processor/faults', payload: { mode: 'timeout' } }),
  'PUT /api/dev/billing-system/faults': () => ({
    url: '/api/dev/billing-system/faults',
    payload: { operation: 'paperless', count: 5 },
  }),
  'PUT /api/dev/network-ops/faults': () => ({
    url: '/api/dev/network-ops/faults',
    payload: { operation: 'deviceStatus', count: 0 },
  }),
  'PUT /api/dev/voice-platform/faults': () => ({
    url: '/api/dev/voice-platform/faults',
    payload: { operation: 'messages', count: 0 },
  }),
  'PUT /api/dev/dispatch/faults': () => ({ url: '/api/dev/dispatch/faults', payload: { operation: 'jobs', count: 0 } }),
  'PUT /api/dev/provisioning/faults': () => ({
    url: '/api/dev/provisioning/faults',
    payload: { operation: 'modemSeen', count: 0 },
  }),
  'PUT /api/pub/selfinstall/v1/kit/wifi': () => ({
    url: '/api/pub/selfinstall/v1/kit/wifi',
    payload: { networkName: 'Harbor Guest', password: 'espresso-42' },
  }),
  'POST /api/pub/speedtest/v1/results': () => ({ url: '/api/pub/speedtest/v1/results', payload: SPEED_FIGURES }),
  'POST /api/pub/analytics/v1/events': () => ({ url: '/api/pub/analytics/v1/events', payload: ANALYTICS_BATCH }),
  // issue 23 item 3: usage analytics stay on (every demo user's default)
  'PUT /api/pub/analytics/v1/privacy': () => ({
    url: '/api/pub/analytics/v1/privacy',
    payload: { usageAnalytics: true },
  }),
  'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/reschedule': () => ({
    url: visitUrl(ids.harborVisit, '/reschedule'),
    payload: { windowStart: '2026-11-27T15:00:00.000Z' },
  }),
  'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/cancel': () => ({
    url: visitUrl(ids.harborVisit, '/cancel'),
    payload: { reason: 'other' },
  }),
  'POST /api/pub/outages/v1/callbacks': () => ({
    url: '/api/pub/outages/v1/callbacks',
    payload: { addressId: randomUUID(), channel: 'email', destination: 'valid@example.com' },
  }),
  'POST /api/pub/outages/v1/credits': () => ({
    url: '/api/pub/outages/v1/credits',
    payload: { reference: 'OUT-99999' },
  }),
  // the outage map's address check (issue 20 item 5): Riverbend's address
  'POST /api/pub/outages/v1/address-check': () => ({
    url: '/api/pub/outages/v1/address-check',
    payload: { addressLine1: '88 River Bend Dr', zip: '32801' },
  }),
  // tracking (issue 20 item 3): a well-formed token no secret signed, Harbor's ZIP
  ...Object.fromEntries(
    (
      [
        ['', {}],
        ['/calendar', { lang: 'en' }],
        ['/verify', { zip: '04101' }],
        ['/availability', { zip: '04101' }],
        ['/confirm', { zip: '04101' }],
        ['/reschedule', { zip: '04101', windowStart: '2026-11-27T15:00:00.000Z' }],
        ['/cancel', { zip: '04101', reason: 'other' }],
      ] as const
    ).map(([suffix, fields]) => {
      const url = `/api/pub/sbnetserviceapptedge/v1/tracking${suffix}`;
      return [`POST ${url}`, () => ({ url, payload: { token: UNSIGNED_TRACKING_TOKEN, ...fields } })];
    }),
  ),
  'PATCH /api/pub/voice/v1/messages/:messageId': () => ({
    url: `/api/pub/voice/v1/messages/${ids.harborHeardMessage}`,
    payload: { heard: true },
  }),
  'PATCH /api/pub/voice/v1/lines/:lineId': () => ({
    url: voiceLineUrl(ids.harborLine),
    payload: { label: 'Front counter' },
  }),
  'POST /api/pub/services/v1/changes/preview': () => ({
    url: '/api/pub/services/v1/changes/preview',
    payload: { offer: 'phone-line' },
  }),
  'POST /api/pub/services/v1/changes': () => ({
    url: '/api/pub/services/v1/changes',
    payload: { offer: 'phone-line' },
    idempotent: true,
  }),
  'PUT /api/pub/voice/v1/lines/:lineId/forwarding': () => ({
    url: voiceLineUrl(ids.harborLine, '/forwarding'),
    payload: FORWARDING_BODY,
  }),
  'PUT /api/pub/voice/v1/lines/:lineId/call-guard': () => ({
    url: voiceLineUrl(ids.harborLine, '/call-guard'),
    payload: CALL_GUARD_BODY,
  }),
  'POST /api/pub/voice/v1/lines/:lineId/simulate': () => ({
    url: voiceLineUrl(ids.harborLine, '/simulate'),
    payload: SIMULATE_BODY,
  }),
  'POST /api/dev/clock': () => ({ url: '/api/dev/clock', payload: { advance: '3d' } }),
};

/** What a client might try to slip in: identity, tenancy and state fields the server must never take from a body. */
const smuggled = () => ({
  role: 'PRIMARY',
  accountId: ids.riverbend,
  status: 'successful',
  isAdmin: true,
  userId: MADE_UP_ID,
  capabilities: ['billing.pay'],
});

/** The same extra fields inside every nested object of a body (the payment method, the mobile target, …). */
function smuggleNested(value: unknown): { body: unknown; changed: boolean } {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return { body: value, changed: false };
  let changed = false;
  const entries = Object.entries(value).map(([key, child]) => {
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      changed = true;
      return [key, { ...(smuggleNested(child).body as object), accountId: ids.riverbend }];
    }
    return [key, child];
  });
  return { body: Object.fromEntries(entries), changed };
}

/** One of Harbor's unaccepted invitations (the seeded ones: demo-data.md). */
async function harborInvitation() {
  const [link] = await database.db
    .select({ id: emailLinks.id })
    .from(emailLinks)
    .where(and(eq(emailLinks.accountId, ids.harbor), eq(emailLinks.purpose, 'invitation'), isNull(emailLinks.usedAt)));
  return link?.id as string;
}

describe('unknown fields in request bodies (quality-bars.md: rejected with 400, nothing changed; ADR 003)', () => {
  let bodyRoutes: string[] = [];
  let bodylessRoutes: string[] = [];
  beforeAll(async () => {
    const spec = await openApi();
    const stateChanging = liveRoutes().filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    // a body with at least one field; a route that takes no input declares an empty body (app.ts, ADR 003)
    const declares = (route: { method: string; url: string }) =>
      Object.entries(spec.paths).some(([path, operations]) => {
        const body = operations[route.method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
        return patternOf(path) === route.url && body !== undefined && takesFields(body);
      });
    bodyRoutes = stateChanging.filter(declares).map(routeKey);
    bodylessRoutes = stateChanging.filter((route) => !declares(route)).map(routeKey);
  });

  it('has a valid body for every live route that declares one', () => {
    expect(bodyRoutes.length).toBeGreaterThan(15);
    expect(bodyRoutes.filter((key) => !(key in VALID_BODIES))).toEqual([]);
    expect(Object.keys(VALID_BODIES).filter((key) => !bodyRoutes.includes(key))).toEqual([]);
  });

  it.each(Object.keys(VALID_BODIES))('%s refuses smuggled fields at the top level and nested', async (key) => {
    const method = key.split(' ')[0] as string;
    const valid = VALID_BODIES[key]?.() as Call;
    // the valid body's fields after a smuggled first key
    const rest = JSON.stringify(valid.payload).slice(1);
    const after = (first: string) => `{${first}${rest === '}' ? '' : ','}${rest}`;
    const json = { 'content-type': 'application/json' };
    // the variant's name, the request and the field the refusal must name (the prototype keys never reach validation)
    const variants: [string, Call, string?][] = [
      ['top level', { ...valid, payload: { ...(valid.payload as object), ...smuggled() } }, 'body'],
      // JSON.parse makes `__proto__` an own key; the body parser refuses prototype poisoning outright
      ['__proto__', { ...valid, payload: after('"__proto__":{"isAdmin":true}'), headers: json }],
      [
        'constructor.prototype',
        { ...valid, payload: after('"constructor":{"prototype":{"isAdmin":true}}'), headers: json },
      ],
    ];
    const nested = smuggleNested(valid.payload);
    if (nested.changed) variants.push(['nested', { ...valid, payload: nested.body }, 'body.']);
    const before = await databaseDigest(database.db);
    for (const [name, call, field] of variants) {
      const response = await send(call.caller?.() ?? strict, method, call);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(errorCodeOf(response), name).toBe('VALIDATION_FAILED');
      if (field) {
        const fields = (response.json() as { error: { fields?: { path: string; code: string }[] } }).error.fields ?? [];
        const named = fields.filter((f) => f.code === 'unrecognized_keys' && f.path.startsWith(field));
        expect(named.length, `${name}: ${response.body}`).toBeGreaterThan(0);
      }
    }
    expect((await databaseDigest(database.db)).digest).toBe(before.digest);
  });

  // Routes that take no input declare an empty body: a body with fields is refused there too (app.ts, ADR 003).
  it('covers the routes that take no input', () => {
    expect(bodylessRoutes.sort()).toEqual(
      [
        // issue 21 item 4: a file's bytes (application/octet-stream), no JSON fields to smuggle into
        'POST /api/pub/support/v1/attachments',
        'POST /api/pub/session/v1/ping',
        'POST /api/pub/session/v1/logout',
        'POST /api/pub/session/v1/sessions/:sessionId/end',
        'POST /api/pub/session/v1/sessions/end-others',
        'POST /api/pub/session/v1/passkeys/registration-options',
        'POST /api/pub/session/v1/step-up/passkey-options',
        'POST /api/pub/session/v1/passkeys/:passkeyId/remove',
        'POST /api/pub/sbnetloginedge/interaction/:uid/passkey-options',
        'DELETE /api/pub/billing/v1/scheduled-payments/:paymentId',
        'DELETE /api/pub/billing/v1/payment-methods/:paymentMethodId',
        'POST /api/pub/billing/v1/subscriptions/:subscriptionId/cancel',
        'POST /api/pub/billing/v1/pay-links/:payLinkId/revoke',
        'POST /api/pub/users/v1/users/:userId/deactivate',
        'POST /api/pub/users/v1/users/:userId/reactivate',
        'DELETE /api/pub/users/v1/users/:userId',
        'POST /api/pub/users/v1/invitations/:invitationId/resend',
        'DELETE /api/pub/users/v1/invitations/:invitationId',
        'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/confirm',
        'DELETE /api/pub/outages/v1/callbacks/:callbackId',
        // issue 22 item 5: a property's holiday and contact removed
        'DELETE /api/pub/community/v1/properties/:propertyId/hours/exceptions/:exceptionId',
        'DELETE /api/pub/community/v1/properties/:propertyId/contacts/:contactId',
        'POST /api/pub/services/v1/equipment/:equipmentId/restart',
        'POST /api/pub/selfinstall/v1/kit/activation',
        // issue 21 item 7: the upload's bytes (application/octet-stream), counted and dropped
        'POST /api/pub/speedtest/v1/upload',
        // issue 22 item 4: a residents file's bytes (application/octet-stream)
        'POST /api/pub/community/v1/resident-imports/dry-run',
        'POST /api/pub/community/v1/resident-imports',
        // issue 23 item 3: the person's own analytics events deleted
        'DELETE /api/pub/analytics/v1/privacy/events',
      ].sort(),
    );
  });
  it.each([
    ['POST /api/pub/session/v1/ping', async () => ({ url: '/api/pub/session/v1/ping' })],
    ['POST /api/pub/session/v1/logout', async () => ({ url: '/api/pub/session/v1/logout' })],
    [
      'POST /api/pub/session/v1/sessions/:sessionId/end',
      async () => ({ url: `${SESSIONS_PATH}/${await spareSession('harbor-owner')}/end` }),
    ],
    ['POST /api/pub/session/v1/sessions/end-others', async () => ({ url: SESSIONS_END_OTHERS_PATH })],
    [
      'POST /api/pub/session/v1/passkeys/registration-options',
      async () => ({ url: `${PASSKEYS_PATH}/registration-options` }),
    ],
    [
      'POST /api/pub/session/v1/step-up/passkey-options',
      async () => {
        await sparePasskey('harbor-owner');
        return { url: STEP_UP_PASSKEY_OPTIONS_PATH };
      },
    ],
    [
      'POST /api/pub/session/v1/passkeys/:passkeyId/remove',
      async () => ({ url: `${PASSKEYS_PATH}/${await sparePasskey('harbor-owner')}/remove` }),
    ],
    [
      'POST /api/pub/sbnetloginedge/interaction/:uid/passkey-options',
      async () => ({ url: '/api/pub/sbnetloginedge/interaction/no-such-uid/passkey-options' }),
    ],
    [
      'DELETE /api/pub/billing/v1/scheduled-payments/:paymentId',
      async () => ({ url: `/api/pub/billing/v1/scheduled-payments/${await spareScheduled()}`, idempotent: true }),
    ],
    [
      'DELETE /api/pub/billing/v1/payment-methods/:paymentMethodId',
      async () => ({ url: `/api/pub/billing/v1/payment-methods/${await spareCard()}`, idempotent: true }),
    ],
    [
      'POST /api/pub/billing/v1/subscriptions/:subscriptionId/cancel',
      async () => ({ url: `/api/pub/billing/v1/subscriptions/${ids.harborSubscription}/cancel` }),
    ],
    [
      'POST /api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/confirm',
      async () => ({ url: visitUrl(ids.harborVisit, '/confirm') }),
    ],
    [
      'POST /api/pub/billing/v1/pay-links/:payLinkId/revoke',
      async () => ({ url: `/api/pub/billing/v1/pay-links/${ids.harborPayLink}/revoke` }),
    ],
    [
      'POST /api/pub/users/v1/users/:userId/deactivate',
      async () => ({ url: `${USERS_PATH}/${ids.harborStaff}/deactivate` }),
    ],
    [
      'POST /api/pub/users/v1/users/:userId/reactivate',
      async () => ({ url: `${USERS_PATH}/${ids.harborFormer}/reactivate` }),
    ],
    ['DELETE /api/pub/users/v1/users/:userId', async () => ({ url: `${USERS_PATH}/${ids.harborStaff}` })],
    [
      'POST /api/pub/users/v1/invitations/:invitationId/resend',
      async () => ({ url: `${INVITATIONS_PATH}/${await harborInvitation()}/resend` }),
    ],
    [
      'DELETE /api/pub/users/v1/invitations/:invitationId',
      async () => ({ url: `${INVITATIONS_PATH}/${await harborInvitation()}` }),
    ],
    // issue 20 item 7: Riverbend's owner's callback (Harbor's owner asks: the body is refused before the 404)
    [
      'DELETE /api/pub/outages/v1/callbacks/:callbackId',
      async () => ({ url: `/api/pub/outages/v1/callbacks/${ids.riverbendCallback}` }),
    ],
  ] as const)('%s refuses a body with smuggled fields', async (key, call) => {
    // a session of its own: a sign-out that goes through must not end the other checks' sessions
    const b = await signedIn('harbor-owner');
    const request = await call();
    const before = await databaseDigest(database.db);
    const response = await send(b, key.split(' ')[0] as string, { ...request, payload: smuggled() });
    expect(response.statusCode, `${key}: ${response.body}`).toBe(400);
    expect(errorCodeOf(response)).toBe('VALIDATION_FAILED');
    expect((await databaseDigest(database.db)).digest).toBe(before.digest);
  });
});

/**
 * Denials first; ending the other sessions (which ends the suite's other sessions of the same users) and sign-out
 * (which ends each session) run last.
 */
const ACTOR_ORDER: Actor[] = ['anonymous', 'STANDARD', 'otherBusiness', 'BILLING', 'ADMIN', 'PRIMARY'];
const RUNS_LAST = [SESSIONS_END_OTHERS_PATH, '/api/pub/session/v1/logout'];
const RUN_ORDER: MatrixEntry[] = [
  ...AUTHORIZATION_MATRIX.filter((entry) => !RUNS_LAST.includes(entry.url)),
  ...RUNS_LAST.flatMap((url) => AUTHORIZATION_MATRIX.filter((entry) => entry.url === url)),
];

describe('the authorization matrix (quality-bars.md: 0 unexpected successes, 0 unexpected denials)', () => {
  it.each(RUN_ORDER.map((entry) => [routeKey(entry), entry] as const))('%s', async (key, entry) => {
    const hasHead =
      entry.method === 'GET' && liveRoutes().some((route) => route.method === 'HEAD' && route.url === entry.url);
    for (const actor of ACTOR_ORDER) {
      const outcome = entry.expect[actor];
      const call = await (MATRIX_CALLS[key]?.(actor) ?? { url: entry.url });
      const label = `${actor} ${entry.method} ${call.url}`;
      // another business's id: nothing written either
      const before = outcome.class === 'notFound' ? await databaseDigest(database.db) : null;
      const response = await send(clients[actor], entry.method, call);
      expectAnswer(response, outcome, { url: call.url, label });
      if (before) {
        expect((await databaseDigest(database.db)).digest, label).toBe(before.digest);
        expect(response.body, label).not.toContain('Harbor');
      }
      if (hasHead) {
        expectAnswer(
          await send(clients[actor], 'HEAD', call),
          outcome,
          { url: call.url, label: `HEAD ${label}` },
          true,
        );
      }
    }
  });
});
