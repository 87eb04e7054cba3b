/**
 * Growth benchmarks (quality-bars.md): p99 of each list that grows with an account's history, with 1,000 and with
 * 200,000 rows on one account, through the real route (session, access checks, keyset query, serialization), on an
 * in-memory PGlite: the statements, the pay links (issue 17 item 7), the audit log (issue 18 item 6, read by an ADMIN),
 * the users and invitations lists (issue 18 item 5: members by name, invitations newest first), a line's voicemail
 * (issue 19 item 4), with a row for an audio range request (the player's seeks) on a one-minute message, and a line's
 * call log (issue 19 item 5: 200,000 calls in its 90 days), the technician visits (issue 20 item 2, the latest window
 * first), the outage map's list (issue 20 item 5: what is open, among years of closed outages), a user's support
 * tickets (issue 21 item 4, newest first, with their files), a user's speed tests (issue 21 item 7, newest first) and a
 * community property's units (issue 22, wider-portal.md §10: by number, 50 a page; 200,000 units on one property).
 * Target: p99(200,000) ≤ 1.5 × p99(1,000). Then the dry run of a 10,000-row residents file (issue 22 item 4).
 * Prints one JSON line per measure and a BENCH-ROW per list.
 * Run: npx tsx apps/server/bench/list-growth.bench.ts [a list's name, e.g. 'audit', to measure that one only]
 */
import { randomUUID } from 'node:crypto';
import {
  APPOINTMENTS_PATH,
  AUDIT_LOG_PATH,
  CALL_LOGS_PATH,
  COMMUNITY_UNITS_PATH,
  COOKIES,
  CSRF_HEADER,
  INVITATIONS_PATH,
  OUTAGES_PATH,
  PAY_LINKS_PATH,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORT_MAX_ROWS,
  SPEED_TEST_RESULTS_PATH,
  STATEMENTS_PATH,
  SUPPORT_TICKETS_PATH,
  USERS_PATH,
  VOICE_MEDIA_PATH,
  VOICE_MESSAGES_PATH,
} from '@vireo/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import {
  accountServices,
  accounts,
  addresses,
  auditEvents,
  callRecords,
  communityUnits,
  dispatchJobs,
  emailLinks,
  memberships,
  networkEvents,
  payLinks,
  properties,
  speedTests,
  supportTickets,
  users,
  voiceLines,
  voiceMedia,
  voiceMessages,
} from '../src/db/schema';
import { toneWav } from '../src/modules/voice-platform/media';
import { fixedClock } from '../src/platform/clock';

const REQUESTS = 400;
const WARMUP = 50;
const TARGET_RATIO = 1.5;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main() {
  // the query path is what grows with the history: every page is read from the database (no read cache, ADR 014)
  const database = await openDatabase({ dataDir: undefined, readCache: false });
  await database.migrate();
  const { db } = database;
  const clock = fixedClock('2026-11-21T15:00:00Z');
  const accountId = randomUUID();
  const userId = randomUUID();
  await db.insert(accounts).values({
    id: accountId,
    accountNumber: '9000000000000001',
    companyName: 'Bench Co',
    footprint: 'CHTR',
    billerType: 'CSG',
    billerSiteId: '1',
    billerCompany: '1',
    billerFranchise: '1',
    billerPrinciple: '1',
    billerAgent: '1',
    cycleDay: 1,
    timeZone: 'America/New_York',
    // the community pages (issue 22) are for an account with a bulk agreement
    hasBulkAgreement: true,
    createdAt: clock.now(),
  });
  await db
    .insert(addresses)
    .values({ accountId, kind: 'bill_to', addressLine1: '1 Main St', city: 'Portland', state: 'ME', zip: '04101' });
  await db.insert(users).values({
    id: userId,
    username: 'bench-billing',
    passwordHash: 'x',
    firstName: 'Bench',
    lastName: 'User',
    email: 'bench@example.com',
    createdAt: clock.now(),
  });
  await db.insert(memberships).values({ userId, accountId, role: 'BILLING', createdAt: clock.now() });
  // the audit log is for the PRIMARY and ADMIN
  const adminId = randomUUID();
  await db.insert(users).values({
    id: adminId,
    username: 'bench-admin',
    passwordHash: 'x',
    firstName: 'Bench',
    lastName: 'Admin',
    email: 'bench-admin@example.com',
    createdAt: clock.now(),
  });
  await db.insert(memberships).values({ userId: adminId, accountId, role: 'ADMIN', createdAt: clock.now() });
  // business phone with a phone-meta service: the ADMIN may manage voice (spec §4, CPNI), one line
  await db.insert(accountServices).values({
    accountId,
    serviceKey: 'VOICE',
    status: 'Active',
    valueAddedServiceId: 'PHONE_META',
    startedOn: '2020-01-01',
  });
  const [line] = await db
    .insert(voiceLines)
    .values({ accountId, phoneNumber: '2075550199', label: 'Bench line' })
    .returning({ id: voiceLines.id });
  const lineId = line?.id as string;
  const app = await buildApp({
    config: loadConfig({ PORTAL_ENV: 'dev', LOG_LEVEL: 'silent' }),
    database,
    clock,
  });
  const { token } = await app.portal.services.identity.createSession({ userId, rememberMe: false });
  const billingCookie = `${COOKIES.session}=${token}`;
  const admin = await app.portal.services.identity.createSession({ userId: adminId, rememberMe: false });
  const adminCookie = `${COOKIES.session}=${admin.token}`;

  /** Statements on consecutive days ending before today, so all are visible; totals reconcile (zero activity). */
  const fillStatements = async (total: number) => {
    await db.execute(sql`
      insert into statements (account_id, statement_date, due_date, period_start, period_end, previous_balance_cents,
        payments_received_cents, adjustments_cents, new_charges_cents, total_due_cents, created_at)
      select ${accountId}, d::date, (d + interval '21 days')::date, (d - interval '1 day')::date, d::date, 0, 0, 0, 10000, 10000, now()
      from generate_series(date '2026-11-01' - (${total} - 1) * interval '1 day', date '2026-11-01', interval '1 day') d
      on conflict do nothing`);
    await db.execute(sql`analyze statements`);
  };
  /** Pay links made a minute apart up to now, some revoked; the list counts each one's uses. */
  const fillPayLinks = async (total: number) => {
    const have = await db.$count(payLinks);
    await db.execute(sql`
      insert into pay_links (account_id, created_by_user_id, token_hash, cap_cents, uses_allowed, note, created_at,
        expires_at, revoked_at)
      select ${accountId}, ${userId}, md5(random()::text || i), 10000, 2, 'Invoice ' || i,
        timestamptz '2026-11-21 15:00Z' - i * interval '1 minute', timestamptz '2026-11-28 15:00Z',
        case when i % 7 = 0 then timestamptz '2026-11-21 15:00Z' end
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze pay_links`);
  };
  /**
   * Audit entries a minute apart up to now, of every kind (the users' payments and wallet changes, guests, jobs),
   * each batch written oldest first, as a log is.
   */
  const fillAudit = async (total: number) => {
    const have = await db.$count(auditEvents);
    await db.execute(sql`
      insert into audit_events (at, actor_user_id, account_id, action, target_id, data, actor_kind, actor_name,
        actor_role, area, result, ip_prefix, user_agent)
      select timestamptz '2026-11-21 15:00Z' - i * interval '1 minute',
        case when i % 3 = 0 then ${adminId}::uuid end, ${accountId}, 'payment.submitted', gen_random_uuid()::text,
        jsonb_build_object('amountCents', 1000 + i % 500, 'method', 'Visa ending 4242'),
        case when i % 3 = 0 then 'user' when i % 3 = 1 then 'guest' else 'system' end,
        case when i % 3 = 0 then 'Bench Admin' end, case when i % 3 = 0 then 'ADMIN' end,
        case when i % 2 = 0 then 'payments' else 'wallet' end, 'succeeded', '203.0.113.0', 'Chrome 131 on macOS'
      from generate_series(${total}::int, ${have + 1}::int, -1) i`);
    await db.execute(sql`analyze audit_events`);
  };

  /** Support tickets of one user (issue 21 item 4), a minute apart up to now, every third with a file. */
  const fillTickets = async (total: number) => {
    const have = await db.$count(supportTickets);
    await db.execute(sql`
      with made as (
        insert into support_tickets (number, account_id, user_id, name, email, language, topic, subject, message,
          status, created_at, updated_at)
        select 'VB-' || (5000000 + i), ${accountId}, ${adminId}, 'Bench Admin', 'bench-admin@example.com', 'en',
          'internet', 'Ticket ' || i, 'The modem light blinks.', case when i % 4 = 0 then 'resolved' else 'received' end,
          timestamptz '2026-11-21 15:00Z' - i * interval '1 minute', timestamptz '2026-11-21 15:00Z' - i * interval '1 minute'
        from generate_series(${have + 1}::int, ${total}::int) i
        returning id, number
      )
      insert into support_attachments (owner, ticket_id, name, media_type, size_bytes, sha256, bytes, created_at)
      select 'user:' || ${adminId}, id, 'modem.png', 'image/png', 4, repeat('0', 64), '\\x89504e47'::bytea, now()
      from made where right(number, 1)::int % 3 = 0`);
    await db.execute(sql`analyze support_tickets`);
    await db.execute(sql`analyze support_attachments`);
  };

  /** Speed tests of one user (issue 21 item 7), a minute apart up to now. */
  const fillSpeedTests = async (total: number) => {
    const have = await db.$count(speedTests);
    await db.execute(sql`
      insert into speed_tests (account_id, user_id, at, download_kbps, upload_kbps, idle_latency_ms, loaded_latency_ms,
        jitter_ms, plan_name, plan_download_kbps, plan_upload_kbps, verdict)
      select ${accountId}, ${adminId}, timestamptz '2026-11-21 15:00Z' - i * interval '1 minute', 100000 + i % 900000,
        20000 + i % 15000, 10 + i % 30, 40 + i % 200, i % 9, 'Business Internet Gig', 1000000, 35000,
        case when i % 3 = 0 then 'planIsTheLimit' else 'belowPlan' end
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze speed_tests`);
  };

  /** Members of the account (issue 18 item 5), by name: users and their memberships, some deactivated. */
  const fillUsers = async (total: number) => {
    const have = await db.$count(memberships);
    await db.execute(sql`
      with made as (
        insert into users (username, password_hash, first_name, last_name, email, status, created_at)
        select 'bench-user-' || i, 'x', 'First' || (i % 97), 'Last' || md5(i::text), 'bench' || i || '@example.com',
          (case when i % 11 = 0 then 'disabled' else 'active' end)::user_status, now()
        from generate_series(${have + 1}::int, ${total}::int) i
        returning id)
      insert into memberships (user_id, account_id, role, created_at)
      select id, ${accountId}, 'STANDARD', now() from made`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze memberships`);
  };
  /** Invitations not yet accepted (pending and expired), a minute apart up to now. */
  const fillInvitations = async (total: number) => {
    const have = await db.$count(emailLinks);
    await db.execute(sql`
      insert into email_links (token_hash, purpose, account_id, email, data, created_by_user_id, created_at, expires_at)
      select md5(random()::text || i), 'invitation', ${accountId}, 'invitee' || i || '@example.com',
        jsonb_build_object('firstName', 'Invited', 'lastName', 'Person ' || i, 'role', 'BILLING', 'language', 'en',
          'invitedBy', ${adminId}::text, 'accountId', ${accountId}::text),
        ${adminId}, timestamptz '2026-11-21 15:00Z' - i * interval '1 minute',
        timestamptz '2026-11-24 15:00Z' - i * interval '1 minute'
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze email_links`);
  };

  /** New voicemails a minute apart up to now on the line (no media: the list reads the rows only). */
  const fillVoicemail = async (total: number) => {
    const have = await db.$count(voiceMessages);
    await db.execute(sql`
      insert into voice_messages (line_id, kind, from_number, caller_name, received_at, duration_seconds)
      select ${lineId}, 'voicemail', '20755501' || lpad((i % 100)::text, 2, '0'), 'CALLER ' || (i % 97),
        timestamptz '2026-11-21 15:00Z' - i * interval '1 minute', 5 + i % 120
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze voice_messages`);
  };

  /** Calls on the line every 30 seconds back from now (200,000 fit in the 90 days kept), every direction. */
  const fillCalls = async (total: number) => {
    const have = await db.$count(callRecords);
    await db.execute(sql`
      insert into call_records (line_id, direction, other_number, other_name, started_at, duration_seconds, block_reason)
      select ${lineId}, (array['incoming','incoming','outgoing','missed','blocked'])[1 + i % 5]::call_direction,
        '20755501' || lpad((i % 100)::text, 2, '0'), 'CALLER ' || (i % 97),
        timestamptz '2026-11-21 15:00Z' - i * interval '30 seconds', case when i % 5 in (3, 4) then 0 else 30 + i % 600 end,
        case when i % 5 = 4 then 'spam' end
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze call_records`);
  };

  /** Technician visits of the account, one every 2 hours back from now (a business with a long history of visits). */
  const fillVisits = async (total: number) => {
    const have = await db.$count(dispatchJobs);
    await db.execute(sql`
      insert into dispatch_jobs (account_id, order_id, job_id, type, state, area, address, window_start, window_end,
        technician, created_at, updated_at)
      select ${accountId}, 'ORD-B-' || i, 'JOB-B-' || i, (array['installation','repair','equipment'])[1 + i % 3]::visit_type,
        (array['confirmed','scheduled','cancelled'])[1 + i % 3]::job_state, '041',
        '{"addressLine1":"1 Bench St","city":"Portland","state":"ME","zip":"04101"}'::jsonb,
        timestamptz '2026-11-21 15:00Z' - i * interval '2 hours', timestamptz '2026-11-21 17:00Z' - i * interval '2 hours',
        'Grace Kim', timestamptz '2026-11-21 15:00Z', timestamptz '2026-11-21 15:00Z'
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze dispatch_jobs`);
  };

  /**
   * The outage map's list (issue 20 item 5): years of closed outages, one every 2 hours back from a day ago, that the
   * map no longer shows; the list must skip them, not read them.
   */
  const fillOutages = async (total: number) => {
    const have = await db.$count(networkEvents);
    await db.execute(sql`
      insert into network_events (reference, kind, services, cause, region, time_zone, area, customers_affected,
        announced_at, starts_at, estimated_end_at, confidence, timeline, closes_at, created_at)
      select 'OUT-B-' || i, 'outage', '["internet"]'::jsonb, 'equipment', 'Bench, ME', 'America/New_York',
        '{"type":"Polygon","coordinates":[[[-70.3,43.6],[-70.2,43.6],[-70.2,43.7],[-70.3,43.6]]]}'::jsonb, 10,
        timestamptz '2026-11-20 15:00Z' - i * interval '2 hours', timestamptz '2026-11-20 15:00Z' - i * interval '2 hours',
        timestamptz '2026-11-20 16:00Z' - i * interval '2 hours', 'high', '[]'::jsonb,
        timestamptz '2026-11-20 16:00Z' - i * interval '2 hours', timestamptz '2026-11-20 15:00Z' - i * interval '2 hours'
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze network_events`);
  };

  /** A property's units (issue 22), numbered 000001 up (zero-padded: text order is number order); 1 in 10 vacant. */
  const [property] = await db
    .insert(properties)
    .values({
      accountId,
      name: 'Bench Towers',
      addressLine1: '2 Main St',
      city: 'Portland',
      state: 'ME',
      zip: '04101',
      units: 200_000,
    })
    .returning({ id: properties.id });
  const propertyId = property?.id as string;
  const fillUnits = async (total: number) => {
    const have = await db.$count(communityUnits);
    await db.execute(sql`
      insert into community_units (account_id, property_id, number, occupancy, access, resident_name, resident_email,
        resident_phone, move_in, move_out, updated_at)
      select ${accountId}, ${propertyId}, lpad(i::text, 6, '0'),
        case when i % 10 = 0 then 'vacant' else 'occupied' end,
        case when i % 50 = 7 then 'suspended' when i % 10 = 0 then 'inactive' else 'active' end,
        case when i % 10 = 0 then null else 'Resident ' || i end,
        case when i % 10 = 0 then null else 'resident' || i || '@example.com' end,
        case when i % 10 = 0 then null else '+1207555' || lpad((i % 10000)::text, 4, '0') end,
        case when i % 10 = 0 then null else date '2024-01-01' + (i % 700) end, null, now()
      from generate_series(${have + 1}::int, ${total}::int) i`);
    await db.execute(sql`analyze community_units`);
  };

  /** `limits`: the page sizes of the list's first page and of the walk to the cursors (none: the list's own size). */
  const measure = async (
    path: string,
    label: string,
    cookie: string,
    limits: { first?: number | undefined; walk?: number | undefined } = { first: 12, walk: 100 },
  ) => {
    const urlOf = (limit: number | undefined, cursor: string | null) => {
      const query = [limit ? `limit=${limit}` : '', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
      return query ? `${path}?${query}` : path;
    };
    // a page anywhere in the history: the first page, and pages continuing from cursors spread over it
    const first = (await app.inject({ url: urlOf(limits.first, null), headers: { cookie } })).json();
    const cursors: (string | null)[] = [null, first.nextCursor];
    let cursor = first.nextCursor;
    for (let i = 0; i < 8 && cursor; i++) {
      const page = (await app.inject({ url: urlOf(limits.walk, cursor), headers: { cookie } })).json();
      cursor = page.nextCursor;
      cursors.push(cursor);
    }
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const c = cursors[i % cursors.length];
      const started = process.hrtime.bigint();
      const response = await app.inject({ url: urlOf(limits.first, c ?? null), headers: { cookie } });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode}`);
      if (i >= WARMUP) samples.push(ms);
    }
    samples.sort((a, b) => a - b);
    const result = { label, p50: +percentile(samples, 50).toFixed(2), p99: +percentile(samples, 99).toFixed(2) };
    console.log(JSON.stringify(result));
    return result;
  };

  const lists = [
    { name: 'statements list', path: STATEMENTS_PATH, fill: fillStatements, cookie: billingCookie },
    { name: 'pay links list', path: PAY_LINKS_PATH, fill: fillPayLinks, cookie: billingCookie },
    { name: 'audit log', path: AUDIT_LOG_PATH, fill: fillAudit, cookie: adminCookie },
    { name: 'users list', path: USERS_PATH, fill: fillUsers, cookie: adminCookie },
    { name: 'invitations list', path: INVITATIONS_PATH, fill: fillInvitations, cookie: adminCookie },
    {
      name: 'call log',
      path: CALL_LOGS_PATH.replace(':lineId', lineId),
      fill: fillCalls,
      cookie: adminCookie,
    },
    { name: 'visits list', path: APPOINTMENTS_PATH, fill: fillVisits, cookie: adminCookie },
    // issue 21 item 4: the user's own support tickets
    { name: 'support tickets list', path: SUPPORT_TICKETS_PATH, fill: fillTickets, cookie: adminCookie },
    // issue 21 item 7: the user's own speed tests
    { name: 'speed tests list', path: SPEED_TEST_RESULTS_PATH, fill: fillSpeedTests, cookie: adminCookie },
    // issue 22: a community property's units, by number, COMMUNITY_UNITS_PAGE a page (the list takes no limit)
    {
      name: 'units list',
      path: COMMUNITY_UNITS_PATH.replace(':propertyId', propertyId),
      fill: fillUnits,
      cookie: adminCookie,
      limits: { first: undefined, walk: undefined },
    },
    // public: no session needed (the cookie is sent all the same)
    { name: 'outages list', path: OUTAGES_PATH, fill: fillOutages, cookie: adminCookie },
    {
      name: 'voicemail list',
      path: VOICE_MESSAGES_PATH.replace(':lineId', lineId),
      fill: fillVoicemail,
      cookie: adminCookie,
    },
  ];
  const only = process.argv[2];
  for (const list of lists.filter((l) => !only || l.name.startsWith(only))) {
    await list.fill(1_000);
    const small = await measure(list.path, `${list.name}, 1,000 rows`, list.cookie, list.limits);
    await list.fill(200_000);
    const large = await measure(list.path, `${list.name}, 200,000 rows`, list.cookie, list.limits);
    const ratio = large.p99 / small.p99;
    const detail = [small, large].map((r) => `${r.label}: p50 ${r.p50} ms, p99 ${r.p99} ms`).join('; ');
    const row = {
      name: `${list.name} p99, 200,000 vs 1,000 rows on one account`,
      value: `${ratio.toFixed(2)}x (${detail})`,
      target: `<= ${TARGET_RATIO}x`,
      met: ratio <= TARGET_RATIO,
    };
    console.log(`BENCH-ROW ${JSON.stringify(row)}`);
    if (ratio > TARGET_RATIO) process.exitCode = 1;
  }
  if (!only || 'voicemail audio'.startsWith(only)) await measureAudioRanges(app, db, lineId, adminCookie);
  if (!only || 'resident import'.startsWith(only)) {
    await fillUnits(200_000);
    await measureResidentDryRun(app, { cookie: adminCookie, csrf: admin.csrfToken });
  }
  await app.close();
  await database.close();
}

/**
 * Issue 22 item 4: the dry run of a residents file of RESIDENT_IMPORT_MAX_ROWS rows (every row a new resident of one of
 * Bench Towers' 200,000 units), through the route (session, anti-forgery, the file read, each row checked against its
 * unit). The issue asks for its time; the target is a wait a manager accepts for the largest file.
 */
const DRY_RUN_TARGET_MS = 5_000;
const DRY_RUN_RUNS = 5;
async function measureResidentDryRun(
  app: Awaited<ReturnType<typeof buildApp>>,
  session: { cookie: string; csrf: string },
) {
  const rows = Array.from({ length: RESIDENT_IMPORT_MAX_ROWS }, (_, i) => {
    const n = String(i + 1);
    return `Bench Towers,${n.padStart(6, '0')},Imported ${n},imported${n}@example.com,(207) 555-${n.slice(-4).padStart(4, '0')},2027-01-15,`;
  });
  const file = Buffer.from([RESIDENT_IMPORT_COLUMNS.join(','), ...rows].join('\r\n'));
  const samples: number[] = [];
  for (let i = 0; i < DRY_RUN_RUNS + 1; i++) {
    const started = process.hrtime.bigint();
    const response = await app.inject({
      method: 'POST',
      url: RESIDENT_IMPORT_DRY_RUN_PATH,
      headers: {
        cookie: session.cookie,
        [CSRF_HEADER]: session.csrf,
        origin: app.portal.origins[0] ?? '',
        'content-type': 'application/octet-stream',
      },
      payload: file,
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const counts = response.statusCode === 200 ? response.json().counts : null;
    if (!counts || counts.error > 0 || counts.new + counts.updated !== RESIDENT_IMPORT_MAX_ROWS) {
      throw new Error(`resident dry run: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    // the first run warms the route up
    if (i > 0) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  const worst = samples.at(-1) ?? 0;
  const row = {
    name: `residents file dry run, ${RESIDENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows against 200,000 units (worst of ${DRY_RUN_RUNS})`,
    value: `${worst.toFixed(0)} ms (median ${percentile(samples, 50).toFixed(0)} ms, ${(file.length / 1024).toFixed(0)} kB)`,
    target: `<= ${DRY_RUN_TARGET_MS} ms`,
    met: worst <= DRY_RUN_TARGET_MS,
  };
  console.log(`BENCH-ROW ${JSON.stringify(row)}`);
  if (!row.met) process.exitCode = 1;
}

/** wider-portal.md §6: a minute of voicemail audio (480 kB) read by 64 KiB ranges anywhere in it, as a player seeks. */
const AUDIO_TARGET_P99_MS = 25;
async function measureAudioRanges(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  lineId: string,
  cookie: string,
) {
  const [message] = await db
    .insert(voiceMessages)
    .values({ lineId, kind: 'voicemail', receivedAt: new Date('2026-11-21T14:00:00Z'), durationSeconds: 60 })
    .returning({ id: voiceMessages.id });
  const bytes = toneWav(60, [440, 554, 659]);
  await db.insert(voiceMedia).values({ messageId: message?.id as string, contentType: 'audio/wav', bytes });
  const url = VOICE_MEDIA_PATH.replace(':messageId', message?.id as string);
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const start = (i * 7_919 * 64) % (bytes.length - 65_536);
    const started = process.hrtime.bigint();
    const response = await app.inject({ url, headers: { cookie, range: `bytes=${start}-${start + 65_535}` } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 206 || response.rawPayload.length !== 65_536) {
      throw new Error(`voicemail audio: HTTP ${response.statusCode}, ${response.rawPayload.length} bytes`);
    }
    if (i >= WARMUP) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  const p99 = +percentile(samples, 99).toFixed(2);
  const row = {
    name: 'voicemail audio range request p99 (64 KiB of a one-minute WAV, anywhere in it)',
    value: `${p99} ms (p50 ${percentile(samples, 50).toFixed(2)} ms)`,
    target: `<= ${AUDIO_TARGET_P99_MS} ms`,
    met: p99 <= AUDIO_TARGET_P99_MS,
  };
  console.log(`BENCH-ROW ${JSON.stringify(row)}`);
  if (!row.met) process.exitCode = 1;
}

await main();
