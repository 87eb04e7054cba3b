import { CARD_NUMBER_MIN_DIGITS, FREE_TEXT_MARKER } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/** issue 20 item 3: a tracking link's token, as its pattern and HMAC check it. */
const TRACKING_TOKEN =
  "a tracking token: the visit's id, its expiry and an HMAC-SHA256, by its pattern; verified, never stored or echoed";
const SUPPORT_CODE =
  'a support code: at most 20 characters that must read as XXXX-XXXX in Crockford base 32 (parseSupportCode), else refused';
const SERVICE_ZIP = "five digits, by its pattern (^\\d{5}$), compared with the visit's service address, never stored";

/**
 * Issue 14 item 6: no string a person sends can hold a card number outside the card vault's number fields. Every
 * string input of the API (path, query and body, as the live OpenAPI document declares them) is either free text,
 * built with `freeText()` (marked `x-vireo-free-text`: the shared rule refuses a card number in it), or formatted so
 * that it cannot hold free text: an enum or constant, a UUID or date format, at most 12 characters (a card number
 * has 13 or more digits), or one of the fields listed below with the reason. A new string field that is none of these
 * fails here: make it `freeText()`, or format it and list it.
 */
const FORMATTED_FIELDS: Record<string, string> = {
  // issue 23 item 4: a support code as a person types it: refused unless it reads as 8 characters of Crockford's base
  // 32 once spaces and dashes go (parseSupportCode), then kept or looked up in that canonical form
  'POST /api/pub/support/v1/tickets body.supportCode': SUPPORT_CODE,
  'GET /api/dev/analytics/v1/events query:supportCode': SUPPORT_CODE,
  'GET /api/dev/analytics/v1/log-lines query:supportCode': SUPPORT_CODE,
  // support forms (issue 21 item 4): a visitor's status link token
  'POST /api/pub/support/v1/tickets/status body.token':
    "a status link token: the ticket's id, its expiry and an HMAC-SHA256, by its pattern; verified, never stored or echoed",
  'POST /api/pub/pciedge/pci/v1/payments body.cardNumber': 'the card number, by design: the vault encrypts it',
  'POST /api/pub/pciedge/pci/v1/payments body.accountNumber':
    'the bank account number, by design: the vault encrypts it',
  'POST /api/pub/pciedge/pci/v1/online-banking body.password':
    'a credential sent to the bank only: never stored, echoed or logged (REDACTED_LOG_PATHS)',
  'POST /api/pub/sbnetloginedge/interaction/{uid}/login body.password':
    'a credential: only its argon2 hash is compared, never stored, echoed or logged',
  'POST /api/pub/session/v1/step-up body.password':
    'a credential: only its argon2 hash is compared, never stored, echoed or logged',
  'POST /api/pub/session/v1/password body.currentPassword':
    'a credential: only its argon2 hash is compared, never stored, echoed or logged',
  'POST /api/pub/session/v1/password body.newPassword':
    'a credential: judged by the policy (a card number refused), then only its argon2 hash is kept, never echoed or logged',
  'GET /api/pub/sbnetloginedge/interaction/{uid} path:uid': 'an interaction id, looked up (unknown: 404)',
  'POST /api/pub/sbnetloginedge/interaction/{uid}/login path:uid': 'an interaction id, looked up (unknown: 404)',
  'GET /api/pub/sbnetloginedge/login query:targetUrl':
    'a same-origin path: safeSignInTarget drops one holding a card number before it is kept',
  'POST /api/pub/billing/v1/payments body.method.token': 'a vault token: `tok_` and base64url (VaultTokenTextSchema)',
  'POST /api/pub/billing/v1/checkout body.payment.method.token':
    'a vault token: `tok_` and base64url (VaultTokenTextSchema)',
  'POST /api/pub/mobile/v1/payments body.method.token': 'a vault token: `tok_` and base64url (VaultTokenTextSchema)',
  'POST /api/pub/billing/v1/payment-methods body.token': 'a vault token: `tok_` and base64url (VaultTokenTextSchema)',
  'POST /api/pub/identity/v1/registration body.billingAccount':
    "the provider's account number: digits only, 8-20, matched against the accounts, never stored or echoed",
  'POST /api/pub/identity/v1/registration body.zip': 'five digits, by its pattern (^\\d{5}$)',
  'POST /api/pub/voice/v1/lines/{lineId}/simulate body.at':
    "a moment on the account's clock, YYYY-MM-DDTHH:MM by its pattern",
  'GET /api/pub/vox-con/voicemail/tn/{tn}/unread-count path:tn':
    "a telephone number: ten digits, by its pattern (^\\d{10}$), looked up among the account's lines (other: 404)",
  // issue 20 item 2: spec §7.1's calendar route names the visit by dispatch's ids
  'GET /api/pub/sbnetserviceapptedge/v1/appointments/calendar/{orderId}/{jobId} path:orderId':
    "dispatch's order id (^[A-Z]{3}-[A-Z0-9-]{1,30}$), looked up among the account's visits (other: 404), never stored",
  'GET /api/pub/sbnetserviceapptedge/v1/appointments/calendar/{orderId}/{jobId} path:jobId':
    "dispatch's job id (^[A-Z]{3}-[A-Z0-9-]{1,30}$), looked up among the account's visits (other: 404), never stored",
  'POST /api/pub/identity/v1/registration body.statementCode': 'six digits, by its pattern (^\\d{6}$)',
  'POST /api/pub/identity/v1/registration body.password':
    'a credential: judged by the policy, then only its argon2 hash is kept, never stored, echoed or logged',
  'POST /api/pub/identity/v1/password-check body.password':
    'a credential: judged and forgotten, never stored, echoed or logged',
  'POST /api/pub/identity/v1/links/reset-password body.password':
    'a credential: judged by the policy, then only its argon2 hash is kept, never stored, echoed or logged',
  'POST /api/pub/identity/v1/links/status body.token': 'a link token: 43 base64url characters (LinkTokenSchema)',
  // tracking without sign-in (issue 20 item 3): the link's token, verified by its HMAC, never stored
  'POST /api/pub/sbnetserviceapptedge/v1/tracking body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/calendar body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/verify body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/availability body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/confirm body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/reschedule body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/cancel body.token': TRACKING_TOKEN,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/verify body.zip': SERVICE_ZIP,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/availability body.zip': SERVICE_ZIP,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/confirm body.zip': SERVICE_ZIP,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/reschedule body.zip': SERVICE_ZIP,
  'POST /api/pub/sbnetserviceapptedge/v1/tracking/cancel body.zip': SERVICE_ZIP,
  // the help centre (issue 21 item 1): an article's name in the repository
  'GET /api/pub/support/v1/articles/{slug} path:slug':
    'an article slug: lower-case words and hyphens, by its pattern (ARTICLE_SLUG), looked up (unknown: 404)',
  'GET /api/pub/support/v1/stores query:zip':
    'five digits, by its pattern (^\\d{5}$), looked up among ZIP codes, never stored',
  'POST /api/pub/outages/v1/address-check body.zip':
    'five digits, by its pattern (^\\d{5}$), matched against the premises, never stored',
  // issue 23 item 6: the footprint checks' ZIP code, in the path or with an address
  ...Object.fromEntries(
    [
      'GET /api/pub/sbnetpartnerlocationedge/services/v1/partner/zipcode/{zipcode} path:zipcode',
      'GET /api/pub/sbnetpartnerlocationedge/services/v1/partner/support/{flow}/zipcode/{zipcode} path:zipcode',
      'GET /api/pub/sbnetpartnerlocationedge/services/v1/partner/address query:zipcode',
      'GET /api/pub/sbnetpartnerlocationedge/services/v1/partner/support/{flow}/address query:zipcode',
    ].map((field) => [
      field,
      'five digits, by its pattern (^\\d{5}$), its footprint looked up; kept only when carried over',
    ]),
  ),
  // Quick Pay (issue 17 item 6)
  'POST /api/pub/billing/v1/quick-pay/lookup body.billingAccount':
    "the provider's account number: digits only, 8-20, matched against the accounts, never stored or echoed",
  'POST /api/pub/billing/v1/quick-pay/lookup body.zip': 'five digits, by its pattern (^\\d{5}$)',
  // pay links (issue 17 item 7)
  'POST /api/pub/billing/v1/quick-pay/link body.link': 'a pay link token: 43 base64url characters (PayLinkTokenSchema)',
  'POST /api/pub/billing/v1/quick-pay/payments body.quickPayToken':
    'a Quick Pay token: 43 base64url characters (QuickPayTokenSchema)',
  'POST /api/pub/billing/v1/quick-pay/payments body.methodToken':
    'a vault token: `tok_` and base64url (VaultTokenTextSchema)',
  'POST /api/pub/pciedge/pci/v1/quick-pay/payments body.cardNumber':
    "the card number, by design: the vault's guest door encrypts it",
  'POST /api/pub/pciedge/pci/v1/quick-pay/payments body.accountNumber':
    "the bank account number, by design: the vault's guest door encrypts it",
  'POST /api/pub/pciedge/pci/v1/quick-pay/payments body.quickPayToken':
    'a Quick Pay token: 43 base64url characters (QuickPayTokenSchema)',
  'POST /api/pub/identity/v1/links/verify body.token': 'a link token: 43 base64url characters (LinkTokenSchema)',
  'POST /api/pub/identity/v1/links/renew body.token': 'a link token: 43 base64url characters (LinkTokenSchema)',
  'POST /api/pub/identity/v1/links/reset-password body.token':
    'a link token: 43 base64url characters (LinkTokenSchema)',
  'POST /api/pub/identity/v1/links/accept-invitation body.token':
    'a link token: 43 base64url characters (LinkTokenSchema)',
  // passkeys (issue 18 item 2, ADR 029): WebAuthn's base64url fields, by their pattern (^[A-Za-z0-9_-]+$), checked by
  // the signature's verification; only the credential id and public key of a verified registration are kept, never shown
  ...Object.fromEntries(
    [
      'POST /api/pub/session/v1/passkeys body.credential.id',
      'POST /api/pub/session/v1/passkeys body.credential.response.clientDataJSON',
      'POST /api/pub/session/v1/passkeys body.credential.response.attestationObject',
      'POST /api/pub/session/v1/passkeys body.credential.response.authenticatorData',
      'POST /api/pub/session/v1/passkeys body.credential.response.publicKey',
      'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login body.credential.id',
      'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login body.credential.response.clientDataJSON',
      'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login body.credential.response.authenticatorData',
      'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login body.credential.response.signature',
      'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login body.credential.response.userHandle',
      'POST /api/pub/session/v1/step-up/passkey body.credential.id',
      'POST /api/pub/session/v1/step-up/passkey body.credential.response.clientDataJSON',
      'POST /api/pub/session/v1/step-up/passkey body.credential.response.authenticatorData',
      'POST /api/pub/session/v1/step-up/passkey body.credential.response.signature',
      'POST /api/pub/session/v1/step-up/passkey body.credential.response.userHandle',
    ].map((field) => [field, 'WebAuthn data: base64url by its pattern, verified by its signature, never shown']),
  ),
  'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-options path:uid':
    'an interaction id, looked up (unknown: 404)',
  'POST /api/pub/sbnetloginedge/interaction/{uid}/passkey-login path:uid':
    'an interaction id, looked up (unknown: 404)',
  'POST /api/pub/identity/v1/links/accept-invitation body.password':
    'a credential: judged by the policy, then only its argon2 hash is kept, never stored, echoed or logged',
};
/** Keyset cursors: base64url JSON of a date and a UUID, decoded and checked (keyset.ts); any other text is 400. */
const isCursor = (field: string) => field.endsWith(' query:cursor');

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  [FREE_TEXT_MARKER]?: boolean;
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};

/** Every string leaf of a schema, by its dotted path (union branches share their path). */
function stringFields(schema: Schema, path: string, out: Map<string, Schema[]>) {
  const types = [schema.type ?? []].flat();
  if (types.includes('string')) out.set(path, [...(out.get(path) ?? []), schema]);
  for (const [key, child] of Object.entries(schema.properties ?? {})) stringFields(child, `${path}.${key}`, out);
  if (schema.items) stringFields(schema.items, path, out);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    stringFields(branch, path, out);
  }
}

const FORMATS = new Set(['uuid', 'date', 'date-time']);
const cannotHoldText = (schema: Schema) =>
  schema.enum !== undefined ||
  schema.const !== undefined ||
  (schema.format !== undefined && FORMATS.has(schema.format)) ||
  (schema.maxLength !== undefined && schema.maxLength < CARD_NUMBER_MIN_DIGITS);

let database: TestDatabase;
let app: FastifyInstance;
const inputs = new Map<string, Schema[]>();

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
  const document = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        stringFields(parameter.schema, `${route} ${parameter.in}:${parameter.name}`, inputs);
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) stringFields(body, `${route} body`, inputs);
    }
  }
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('every string input is free text under the card-number rule, or formatted (issue 14 item 6)', () => {
  it('finds the API’s string inputs', () => {
    expect(inputs.size).toBeGreaterThan(40);
    expect([...inputs.keys()]).toContain('PATCH /api/pub/billing/v1/payment-methods/{paymentMethodId} body.nameOnCard');
  });

  it('marks every one that is not formatted as free text', () => {
    const unclassified = [...inputs.entries()]
      .filter(
        ([field, schemas]) =>
          !schemas.every((schema) => schema[FREE_TEXT_MARKER] === true || cannotHoldText(schema)) &&
          FORMATTED_FIELDS[field] === undefined &&
          !isCursor(field),
      )
      .map(([field]) => field);
    expect(unclassified, 'string inputs neither freeText() nor formatted').toEqual([]);
  });

  it('declares the free-text fields the issue names', () => {
    const free = [...inputs.entries()]
      .filter(([, schemas]) => schemas.some((schema) => schema[FREE_TEXT_MARKER] === true))
      .map(([field]) => field.replace(/^\S+ \S+ /, ''));
    expect(new Set(free)).toEqual(
      new Set([
        'body.nameOnCard',
        'body.nameOnAccount',
        'body.institution',
        'body.username',
        // issue 17: the open doors' names, e-mail addresses and the password check's words; the mailbox's filter
        'body.firstName',
        'body.lastName',
        'body.email',
        'body.words',
        'query:to',
        // issue 17 item 7: a pay link's note
        'body.note',
        // issue 18 item 5: the users list's search
        'query:q',
        // issue 18 item 1: the profile's mobile number and the company details (telephone numbers as typed, read by
        // libphonenumber-js afterwards)
        'body.mobilePhone',
        'body.displayName',
        'body.businessPhone',
        'body.billingContactName',
        'body.billingContactEmail',
        // issue 22 item 5: a property contact's phone as typed, read by libphonenumber-js afterwards
        'body.phone',
        // issue 18 item 2: a passkey's name
        'body.name',
        // issue 19 item 1: an equipment nickname
        'body.nickname',
        // issue 19 items 6-8: a line's name and caller-ID name; numbers as typed (forwarding targets, simultaneous
        // ring, Call Guard's lists and prefixes, the simulator's caller), read by libphonenumber-js afterwards
        'body.label',
        'body.callerIdName',
        'body.always.to',
        'body.busy.to',
        'body.noAnswer.to',
        'body.unreachable.to',
        'body.simultaneousRing.numbers',
        'body.scheduleRules.action.to',
        'body.blockedNumbers',
        'body.blockedPrefixes',
        'body.allowedNumbers',
        'body.from',
        // issue 20 item 5: the street line of "is my address affected?" (matched, never stored)
        'body.addressLine1',
        // issue 20 item 7: an outage callback's e-mail address or mobile number as typed (a number is read by
        // libphonenumber-js afterwards)
        'body.destination',
        // issue 21 item 4: a support ticket's subject, message and honeypot, and a file's name as chosen
        'body.subject',
        'body.message',
        'body.website',
        'query:name',
        // issue 21 item 6: the gateway's Wi-Fi name and passphrase (the passphrase as typed, kept by the gateway only)
        'body.networkName',
        'body.password',
        // issue 23 item 2: an analytics event's route and API path templates, host, query keys, codes and trace id
        // (each by its pattern too)
        'body.events.page',
        'body.events.host',
        'body.events.path',
        'body.events.queryKeys',
        'body.events.traceId',
        'body.events.platform',
        'body.events.graphqlErrors',
        'body.events.code',
        'body.events.clientCode',
        // issue 23 item 2: the event viewer's trace id filter (by the trace id's pattern too)
        'query:traceId',
        // issue 23 item 5: a GraphQL document (its string literals are typed text), its operation's name, and a GET's
        // variables and extensions as JSON text
        'body.query',
        'body.operationName',
        'query:query',
        'query:operationName',
        'query:variables',
        'query:extensions',
        // issue 23 item 6: the footprint check's street address
        'query:addressLine1',
      ]),
    );
  });

  it('lists no formatted field that the API no longer has', () => {
    const stale = Object.keys(FORMATTED_FIELDS).filter((field) => !inputs.has(field));
    expect(stale).toEqual([]);
  });
});
