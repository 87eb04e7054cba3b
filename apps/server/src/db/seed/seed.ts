import { createHash } from 'node:crypto';
import { base, en, en_US, Faker } from '@faker-js/faker';
import {
  addDays,
  addMonths,
  compareDates,
  cycleDate,
  DEFAULT_BRAND_NAME,
  DEMO_HISTORY_MONTHS,
  dateInZone,
  type IsoDate,
  latestCycleDate,
  monthlyDate,
  paymentMethodLabel,
  toIsoDate,
} from '@vireo/shared';
import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import { createBillingService } from '../../modules/billing/billing.service';
import { createAccessRepository } from '../../modules/identity/access.repository';
import { createInvitationsService, type InvitationsService } from '../../modules/identity/invitations.service';
import { hashPassword } from '../../modules/identity/password';
import { createVault, type Vault } from '../../modules/pci-edge/vault';
import { DEVELOPMENT_VAULT_KEY, parseVaultKeys } from '../../modules/pci-edge/vault-keys';
import { TEST_BANK, TEST_CARDS } from '../../modules/processor/test-instruments';
import { createAuditRepository } from '../../platform/audit';
import { fixedClock } from '../../platform/clock';
import { createJobsRepository } from '../../platform/jobs';
import { createOutboxRepository } from '../../platform/outbox';
import type { Db, Tx } from '../client';
import * as t from '../schema';
import { seedCommunityUnits } from './community';
import { idFrom } from './ids';
import { seedNetwork } from './network';
import { type Anchor, DEMO_PASSWORD, PERSONAS, type Persona, type PersonaMethod, TAX_RATES } from './personas';
import { seedPropertySettings } from './property-settings';
import { seedTechAmenities } from './tech-amenities';
import { seedVisit } from './visits';
import { seedVoice } from './voice';

/** `PUBLIC_URL` when it is not set (config.ts: the default port on localhost). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
const DAY_MS = 86_400_000;

/** The fixed faker seed: the same demo data every time for the same "now" (issue 2, demo data). */
export const DEMO_SEED = 20_260_101;

/** A demo account's statement security code: 6 digits from the SHA-256 of its number (the same on every run). */
function derivedSecurityCode(accountNumber: string): string {
  const digest = createHash('sha256').update(`statement-code:${accountNumber}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export type SeedOptions = {
  /** The app's `VAULT_KEY` (the development key by default). */
  vaultKey?: string;
  /** Where the links of the seeded e-mails point (`PUBLIC_URL`; the default port's address by default). */
  publicUrl?: string;
  /** The brand the seeded e-mails are rendered with (`BRAND_NAME`). */
  brandName?: string;
  /** E-mail goes out over `SMTP_URL`: the seeded e-mails queue their delivery jobs, as the app's do. */
  deliversEmail?: boolean;
};

/** The seed's options from the app's configuration (main.ts and `npm run db:seed`). */
export function seedOptionsOf(config: Pick<Config, 'vaultKey' | 'publicUrl' | 'brandName' | 'mail'>): SeedOptions {
  return {
    vaultKey: config.vaultKey,
    publicUrl: config.publicUrl,
    brandName: config.brandName,
    deliversEmail: config.mail.smtpUrl !== undefined,
  };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.accounts);
  return (row?.n ?? 0) === 0;
}

/** Where the statement history of a persona ends, and on which cycle day. */
export function planHistory(
  anchor: Anchor,
  today: IsoDate,
): { cycleDay: number; latest: IsoDate; oldestUnpaid?: IsoDate } {
  // Cycle days are 1-28: an anchor on the 29th-31st bills on the 28th of that month (see Anchor in personas.ts).
  const onCycle = (target: IsoDate) => {
    const { year, month } = addMonths(target, 0);
    const cycleDay = Math.min(Number(target.slice(8, 10)), 28);
    return { cycleDay, date: monthlyDate(year, month, cycleDay) };
  };
  switch (anchor.kind) {
    case 'due_in_days': {
      const { cycleDay, date } = onCycle(addDays(today, anchor.days - 21));
      return { cycleDay, latest: date };
    }
    case 'days_past_due': {
      const { cycleDay, date } = onCycle(addDays(today, -anchor.days - 21));
      return { cycleDay, latest: latestCycleDate(today, cycleDay), oldestUnpaid: date };
    }
    case 'cycle_day':
      return { cycleDay: anchor.day, latest: latestCycleDate(today, anchor.day) };
  }
}

/** The test instrument of demo-data.md behind a seeded payment method (matched by its last four digits). */
const byLastFour = (numbers: string[]) => new Map(numbers.map((number) => [number.slice(-4), number]));
const SEED_NUMBERS = {
  card: byLastFour(Object.values(TEST_CARDS)),
  bank: byLastFour([TEST_BANK.approvedAccount, TEST_BANK.returnedAccount]),
};

function seedNumberOf(method: PersonaMethod): string {
  const number = SEED_NUMBERS[method.type].get(method.lastFour);
  if (!number) throw new Error(`no test ${method.type} ends in ${method.lastFour}`);
  return number;
}

/**
 * Creates every business, user and state of demo-data.md with 13 months of history, produced statement by
 * statement by the billing service. Runs in one transaction; `now` is the billing clock's time. Payment methods are
 * real card-vault entries of the test instruments, encrypted with `vaultKey` (the app's `VAULT_KEY`; the development
 * key by default), so the simulated processor can charge them. Invitations are made by the invitations service at
 * the day they were sent: the link (random token, only its hash stored), the e-mail in the outbox, the audit entry.
 */
export async function seedDemoData(db: Db, now: Date, options: SeedOptions = {}): Promise<void> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(DEMO_SEED);
  const newId = () => faker.string.uuid();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const clock = fixedClock(now);
    const billing = createBillingService({ db, clock, newId });
    const vault = createVault({ db, clock, key: parseVaultKeys(options.vaultKey ?? DEVELOPMENT_VAULT_KEY) });
    const referenceToday = dateInZone(now, 'America/New_York');
    const inviting = {
      repo: createAccessRepository(),
      audit: createAuditRepository(),
      outbox: createOutboxRepository({
        brandName: options.brandName ?? DEFAULT_BRAND_NAME,
        jobs: createJobsRepository(),
        delivers: options.deliversEmail ?? false,
      }),
      publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
    };
    // the invitations service with its clock at the day an invitation was sent
    const invitations = (sentAt: Date) => createInvitationsService({ db, clock: fixedClock(sentAt), ...inviting });

    for (const rate of TAX_RATES) {
      const start = toIsoDate(2000, 1, 1);
      await tx.insert(t.taxRates).values({
        id: newId(),
        state: rate.state,
        category: rate.category,
        basisPoints: rate.basisPoints,
        effectiveFrom: start,
      });
      if (rate.changedTo) {
        const { year, month } = addMonths(referenceToday, -rate.changedTo.monthsAgo);
        await tx.insert(t.taxRates).values({
          id: newId(),
          state: rate.state,
          category: rate.category,
          basisPoints: rate.changedTo.basisPoints,
          effectiveFrom: toIsoDate(year, month, 1),
        });
      }
    }

    for (const persona of PERSONAS) {
      await seedPersona(tx, persona, { now, faker, newId, passwordHash, billing, vault, invitations });
    }
    // issue 20: network operations' premises, the Orlando outage and the Portland maintenance (no faker draw)
    await seedNetwork(tx, now);
  });
}

type SeedContext = {
  now: Date;
  faker: Faker;
  newId: () => string;
  passwordHash: string;
  billing: ReturnType<typeof createBillingService>;
  vault: Vault;
  invitations: (sentAt: Date) => InvitationsService;
};

async function seedPersona(tx: Tx, persona: Persona, ctx: SeedContext): Promise<void> {
  const { faker, newId, now } = ctx;
  const today = dateInZone(now, persona.timeZone);
  const { cycleDay, latest, oldestUnpaid } = planHistory(persona.anchor, today);
  const last = DEMO_HISTORY_MONTHS - 1;
  const statementDate = (index: number) => cycleDate(latest, cycleDay, index - last);
  const at = (index: number, days: number) => addDays(statementDate(index), days);
  const historyStart = cycleDate(latest, cycleDay, -DEMO_HISTORY_MONTHS);
  const createdAt = new Date(`${historyStart}T12:00:00Z`);
  const accountId = newId();

  await tx.insert(t.accounts).values({
    id: accountId,
    accountNumber: persona.accountNumber,
    companyName: persona.companyName,
    footprint: persona.footprint,
    billerType: persona.billerType,
    billerSiteId: faker.string.numeric(3),
    billerCompany: faker.string.numeric(2),
    billerFranchise: faker.string.numeric(4),
    billerPrinciple: faker.string.numeric(4),
    billerAgent: faker.string.numeric(4),
    cycleDay,
    timeZone: persona.timeZone,
    status: persona.status,
    isEnterprise: persona.isEnterprise ?? false,
    paymentRestriction: persona.paymentRestriction ?? 'none',
    paperless: persona.paperless ?? false,
    hasBulkAgreement: persona.hasBulkAgreement ?? false,
    // issue 17: the code printed on its statements; derived from the number (no faker draw: the other demo data stays)
    statementCode: persona.bills ? (persona.statementCode ?? derivedSecurityCode(persona.accountNumber)) : null,
    createdAt,
  });
  for (const kind of ['service', 'bill_to'] as const) {
    await tx.insert(t.addresses).values({ id: newId(), accountId, kind, ...persona.address });
  }

  const userIds = new Map<string, string>();
  for (const user of persona.users) {
    const id = user.namedIds ? idFrom(`user:${user.username}`) : newId();
    userIds.set(user.username, id);
    const firstName = user.name?.firstName ?? faker.person.firstName();
    const lastName = user.name?.lastName ?? faker.person.lastName();
    await tx.insert(t.users).values({
      id,
      username: user.username,
      passwordHash: ctx.passwordHash,
      firstName,
      lastName,
      // demo-data.md: every demo user's e-mail is <username>@<company domain>
      email: `${user.username}@${persona.domain}`,
      createdAt,
      ...(user.deactivated
        ? { status: 'disabled' as const, deactivatedAt: new Date(now.getTime() - 30 * DAY_MS) }
        : {}),
    });
    const membershipId = user.namedIds ? idFrom(`membership:${user.username}`) : newId();
    await tx.insert(t.memberships).values({ id: membershipId, userId: id, accountId, role: user.role, createdAt });
  }
  for (const invitation of persona.invitations ?? []) {
    const invitedBy = userIds.get(invitation.invitedBy);
    if (!invitedBy) throw new Error(`${persona.key}: no user ${invitation.invitedBy} invites`);
    const sentAt = new Date(now.getTime() - invitation.sentDaysAgo * DAY_MS);
    await ctx.invitations(sentAt).invite(tx, {
      accountId,
      invitedBy,
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      role: invitation.role,
      language: 'en',
    });
  }

  for (const service of persona.services) {
    await tx.insert(t.accountServices).values({
      id: service.namedId ? idFrom(`service:${persona.accountNumber}:${service.key}`) : newId(),
      accountId,
      serviceKey: service.key,
      status: service.status,
      valueAddedServiceId: service.vas ?? null,
      startedOn: historyStart,
    });
  }
  // ids from the device's identifier, not drawn from the seeded faker: the demo's other ids stay as they were, and two
  // seeds are still alike
  for (const device of persona.equipment ?? []) {
    await tx.insert(t.equipment).values({
      id: idFrom(`equipment:${device.identifier}`),
      accountId,
      serviceKey: device.service,
      deviceType: device.type,
      model: device.model,
      identifier: device.identifier,
      nickname: device.nickname ?? null,
      installedOn: historyStart,
    });
  }
  if (persona.selfInstallKit) {
    const kit = persona.selfInstallKit;
    await tx.insert(t.selfInstallKits).values({
      id: idFrom(`kit:${kit.identifier}`),
      accountId,
      model: kit.model,
      identifier: kit.identifier,
      shippedAt: new Date(now.getTime() - kit.shippedDaysAgo * 86_400_000),
    });
  }
  const lines: { id: string; number: string; label: string; followsProperty?: string }[] = [];
  for (const line of persona.voiceLines ?? []) {
    const id = line.namedId ? idFrom(`voice-line:${line.number}`) : newId();
    await tx.insert(t.voiceLines).values({
      id,
      accountId,
      phoneNumber: line.number,
      label: line.label,
      assignedUserId: line.assignedTo ? (userIds.get(line.assignedTo) ?? null) : null,
    });
    lines.push({ id, number: line.number, label: line.label, followsProperty: line.followsProperty });
  }
  for (const visit of persona.visits ?? []) {
    await seedVisit(tx, { accountId, visit, address: persona.address, timeZone: persona.timeZone, now });
  }
  const properties: { id: string; name: string }[] = [];
  for (const property of persona.properties ?? []) {
    const id = newId();
    await tx.insert(t.properties).values({ id, accountId, ...property });
    properties.push({ id, name: property.name });
  }
  // after the properties: a line may follow one's business hours (seedVoice draws nothing from the seeded faker)
  if (lines.length > 0) {
    const hoursProperty = (name: string | undefined) => properties.find((property) => property.name === name)?.id;
    await seedVoice(tx, {
      lines: lines.map((line) => ({ ...line, hoursPropertyId: hoursProperty(line.followsProperty) ?? null })),
      mailboxLine: persona.voiceMailbox ?? null,
      now,
      timeZone: persona.timeZone,
    });
  }
  // issue 22: the properties' units and residents (no faker draw: the other demo data stays)
  if (properties.length > 0)
    await seedCommunityUnits(tx, { accountId, properties, today, now, timeZone: persona.timeZone });
  // issue 22 item 5: the properties' business hours, contacts and contact preferences (no faker draw)
  if (properties.length > 0) await seedPropertySettings(tx, { accountId, domain: persona.domain, properties, now });
  // issue 22 item 6: the bulk agreement with its ramps, and the billing engine's bulk bills (no faker draw)
  if (properties.length > 0) await seedTechAmenities(tx, { accountId, properties, today, timeZone: persona.timeZone });

  const methodIds = new Map<string, { id: string; label: string; token: string }>();
  const { year: thisYear, month: thisMonth } = addMonths(today, 0);
  for (const method of persona.methods) {
    const id = newId();
    // the same faker draw as ever (the rest of the demo data does not move), in the vault's token shape
    const token = `tok_${faker.string.alphanumeric({ length: 24, casing: 'lower' })}`;
    const number = seedNumberOf(method);
    if (method.type === 'card') {
      const expiry =
        method.expires === 'future'
          ? { expMonth: 8, expYear: thisYear + 3 }
          : method.expires === 'this_month'
            ? { expMonth: thisMonth, expYear: thisYear }
            : { expMonth: 10, expYear: thisYear - 1 };
      await ctx.vault.store(tx, accountId, {
        token,
        createdAt,
        type: 'card',
        number,
        brand: method.brand,
        funding: method.funding ?? 'credit',
        ...expiry,
        zip: persona.address.zip,
        holderName: persona.companyName,
      });
      await tx.insert(t.paymentMethods).values({
        id,
        accountId,
        type: 'card',
        vaultToken: token,
        lastFour: method.lastFour,
        cardBrand: method.brand,
        cardFunding: method.funding ?? 'credit',
        ...expiry,
        nameOnCard: persona.companyName,
        zip: persona.address.zip,
        createdAt,
      });
      methodIds.set(method.key, {
        id,
        token,
        label: paymentMethodLabel({ cardBrand: method.brand, bankAccountType: null, lastFour: method.lastFour }),
      });
    } else {
      await ctx.vault.store(tx, accountId, {
        token,
        createdAt,
        type: 'bank',
        number,
        routingNumber: method.routingNumber,
        accountType: method.bankAccountType,
        holderName: persona.companyName,
      });
      await tx.insert(t.paymentMethods).values({
        id,
        accountId,
        type: 'bank',
        vaultToken: token,
        lastFour: method.lastFour,
        bankAccountType: method.bankAccountType,
        routingNumber: method.routingNumber,
        createdAt,
      });
      methodIds.set(method.key, {
        id,
        token,
        label: paymentMethodLabel({
          cardBrand: null,
          bankAccountType: method.bankAccountType,
          lastFour: method.lastFour,
        }),
      });
    }
  }

  if (persona.autopay) {
    const method = methodIds.get(persona.autopay.methodKey);
    if (!method) throw new Error(`${persona.key}: unknown Auto Pay method`);
    await tx.insert(t.autopayEnrollments).values({
      id: newId(),
      accountId,
      scope: 'core',
      paymentMethodId: method.id,
      debitDay: persona.autopay.debitDay,
      status: 'enrolled',
      enrolledAt: createdAt,
    });
  }

  const beginning = historyStart;
  const chargeIds = new Map<string, { id: string; startsOn: IsoDate }>();
  for (const charge of persona.charges) {
    const id = newId();
    const startsOn = charge.starts ? at(...charge.starts) : beginning;
    const endsOn = charge.ends ? at(...charge.ends) : null;
    await tx.insert(t.recurringCharges).values({
      id,
      accountId,
      category: charge.category,
      kind: charge.kind,
      description: charge.description,
      amountCents: charge.amountCents,
      startsOn,
      endsOn,
    });
    chargeIds.set(charge.key, { id, startsOn });
    if (charge.event) {
      const occurredOn = charge.event === 'promotion_ended' && endsOn ? addDays(endsOn, 1) : startsOn;
      if (compareDates(occurredOn, today) <= 0) {
        await tx.insert(t.accountEvents).values({
          id: newId(),
          accountId,
          type: charge.event,
          occurredOn,
          sourceId: id,
          data: { description: charge.description, amountCents: charge.amountCents },
        });
      }
    }
  }
  for (const [kind, list] of [
    ['one_time', persona.oneTimeCharges ?? []],
    ['adjustment', persona.adjustments ?? []],
  ] as const) {
    for (const item of list) {
      const id = newId();
      const chargedOn = at(...item.at);
      await tx.insert(t.charges).values({
        id,
        accountId,
        kind,
        category: item.category,
        description: item.description,
        amountCents: item.amountCents,
        chargedOn,
        postedOn: addDays(chargedOn, 1),
      });
      if (kind === 'one_time') {
        await tx.insert(t.accountEvents).values({
          id: newId(),
          accountId,
          type: 'one_time_charge',
          occurredOn: chargedOn,
          sourceId: id,
          data: { description: item.description, amountCents: item.amountCents },
        });
      }
    }
  }
  const taxChange = TAX_RATES.find((rate) => rate.state === persona.address.state && rate.changedTo);
  if (taxChange?.changedTo && persona.bills) {
    const { year, month } = addMonths(dateInZone(now, 'America/New_York'), -taxChange.changedTo.monthsAgo);
    await tx.insert(t.accountEvents).values({
      id: newId(),
      accountId,
      type: 'tax_change',
      occurredOn: toIsoDate(year, month, 1),
      data: { category: taxChange.category, from: taxChange.basisPoints, to: taxChange.changedTo.basisPoints },
    });
  }

  if (persona.mobile) {
    const lineIds: string[] = [];
    for (const line of persona.mobile.lines) {
      const id = newId();
      lineIds.push(id);
      await tx.insert(t.mobileLines).values({
        id,
        accountId,
        phoneNumber: line.number,
        label: line.label,
        planName: line.plan,
        activatedOn: beginning,
      });
    }
    for (const device of persona.mobile.devices) {
      const charge = chargeIds.get(device.charge);
      if (!charge) throw new Error(`${persona.key}: no charge ${device.charge} bills ${device.model}`);
      // nothing billed yet: generating the statement history below bills the instalments and lowers the balance
      await tx.insert(t.mobileDevices).values({
        id: newId(),
        accountId,
        lineId: lineIds[device.line] as string,
        model: device.model,
        financedCents: device.financedCents,
        monthlyInstalmentCents: Math.round(device.financedCents / device.months),
        instalmentsTotal: device.months,
        instalmentsPaid: 0,
        remainingCents: device.financedCents,
        purchasedOn: charge.startsOn,
        recurringChargeId: charge.id,
      });
    }
    for (const order of persona.mobile.orders) {
      const orderId = newId();
      const placedOn = at(...order.placedAt);
      const subtotalCents = order.items
        .filter((item) => !item.financed)
        .reduce((total, item) => total + item.quantity * item.unitPriceCents, 0);
      await tx.insert(t.mobileOrders).values({
        id: orderId,
        accountId,
        orderNumber: order.number,
        placedOn,
        status: order.status,
        items: order.items,
        subtotalCents,
        taxCents: order.taxCents,
        shippingCents: order.shippingCents,
        totalCents: subtotalCents + order.taxCents + order.shippingCents,
        shipTo: `${persona.companyName}, ${persona.address.addressLine1}, ${persona.address.city}, ${persona.address.state} ${persona.address.zip}`,
      });
      if (order.refund) {
        const method = methodIds.get(persona.paysWith[0] ?? '');
        await tx.insert(t.mobileRefunds).values({
          id: newId(),
          accountId,
          orderId,
          refundedOn: addDays(placedOn, order.refund.afterDays),
          amountCents: order.refund.amountCents,
          description: order.refund.description,
          methodLabel: method?.label ?? '',
          // not from faker: the seeded generator's sequence stays what the other businesses' history was made with
          reference: `RF${order.number.replace(/\D/g, '')}01`,
        });
      }
    }
  }
  for (const sub of persona.streaming ?? []) {
    const charge = chargeIds.get(sub.charge);
    if (!charge) throw new Error(`${persona.key}: no charge ${sub.charge} bills ${sub.plan}`);
    await tx.insert(t.streamingSubscriptions).values({
      id: newId(),
      accountId,
      provider: sub.provider,
      planName: sub.plan,
      priceCents: sub.priceCents,
      status: 'active',
      startedOn: charge.startsOn,
      nextChargeOn: cycleDate(latest, cycleDay, 1),
      recurringChargeId: charge.id,
    });
  }

  if (!persona.bills) return;

  // The statement history: generate each statement, then pay it the way this business pays.
  const methods = persona.paysWith.map((key) => methodIds.get(key));
  const generated: { statementDate: IsoDate; dueDate: IsoDate; newChargesCents: number; adjustmentsCents: number }[] =
    [];
  const pay = async (amountCents: number, paymentDate: IsoDate, channel: Channel, index: number) => {
    const method = methods[index % methods.length];
    if (!method) throw new Error(`${persona.key}: no method pays the history`);
    await tx.insert(t.payments).values({
      id: newId(),
      accountId,
      confirmationNumber: `VB${faker.string.numeric(10)}`,
      amountCents,
      paymentMethodId: method.id,
      vaultToken: method.token,
      methodLabel: method.label,
      paymentDate,
      status: 'successful',
      channel,
      enteredByUserId: channel === 'online' ? (userIds.get(persona.users[0]?.username ?? '') ?? null) : null,
      entryDate: new Date(`${paymentDate}T15:00:00Z`),
      postedAt: new Date(`${addDays(paymentDate, 1)}T06:00:00Z`),
      processorReference: `pr_${faker.string.alphanumeric(16)}`,
    });
  };
  for (let index = 0; index <= last; index++) {
    const statement = await ctx.billing.generateStatement(accountId, statementDate(index), tx);
    if (!statement) throw new Error(`${persona.key}: statement ${index} already existed`);
    generated.push(statement);
    if (persona.autopay) {
      // Auto Pay drafts the statement balance on the first debit day after the statement.
      const sameMonth = monthlyDate(...ym(statement.statementDate), persona.autopay.debitDay);
      const draft =
        compareDates(sameMonth, statement.statementDate) > 0
          ? sameMonth
          : cycleDate(sameMonth, persona.autopay.debitDay, 1);
      if (compareDates(draft, today) < 0) await pay(statement.totalDueCents, draft, 'autoPay', index);
    } else if (index < last && (!oldestUnpaid || compareDates(statement.statementDate, oldestUnpaid) < 0)) {
      const paymentDate = addDays(statement.statementDate, faker.number.int({ min: 4, max: 18 }));
      const channel = faker.helpers.weightedArrayElement<Channel>([
        { weight: 6, value: 'online' },
        { weight: 2, value: 'phone' },
        { weight: 1, value: 'in-store' },
        { weight: 1, value: 'agent-assisted' },
        { weight: 1, value: 'chat-assisted' },
      ]);
      await pay(statement.totalDueCents, paymentDate, channel, index);
    }
  }
  if (persona.anchor.kind === 'days_past_due' && oldestUnpaid) {
    // One partial payment after the latest statement, applied to the oldest first, leaves the documented amount.
    const pastDue = generated.filter(
      (s) => compareDates(s.statementDate, oldestUnpaid) >= 0 && compareDates(s.dueDate, today) < 0,
    );
    const open = pastDue.reduce((total, s) => total + s.newChargesCents + s.adjustmentsCents, 0);
    const partial = open - persona.anchor.pastDueCents;
    const oldest = pastDue[0];
    if (!oldest || partial <= 0 || partial >= oldest.newChargesCents + oldest.adjustmentsCents) {
      throw new Error(`${persona.key}: the catalog cannot leave ${persona.anchor.pastDueCents} cents past due`);
    }
    await pay(partial, addDays(latest, 1), 'phone', 0);
  }

  if (persona.scheduledPayment) {
    const method = methods[0];
    if (!method) throw new Error(`${persona.key}: no method for the scheduled payment`);
    await tx.insert(t.payments).values({
      id: newId(),
      accountId,
      confirmationNumber: `VB${faker.string.numeric(10)}`,
      amountCents: persona.scheduledPayment.amountCents,
      paymentMethodId: method.id,
      vaultToken: method.token,
      methodLabel: method.label,
      paymentDate: addDays(today, persona.scheduledPayment.inDays),
      status: 'scheduled',
      channel: 'online',
      enteredByUserId: userIds.get(persona.users[0]?.username ?? '') ?? null,
      entryDate: new Date(`${addDays(today, -persona.scheduledPayment.enteredDaysAgo)}T15:00:00Z`),
    });
  }
}

type Channel = (typeof t.paymentChannelEnum.enumValues)[number];

function ym(date: IsoDate): [number, number] {
  const { year, month } = addMonths(date, 0);
  return [year, month];
}
