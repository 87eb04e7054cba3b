import type { BillingCategory, DeviceType, Footprint, InvitedRole, IsoDate, PortalRole } from '@vireo/shared';

/**
 * The demo businesses of shared/design/demo-data.md. Names, usernames and states are a contract; prices are the
 * catalog the billing engine bills, chosen so the engine's own totals land on the documented balances.
 * Dates are given relative to the account's statement history (`at(index, days)`: `days` after statement `index`,
 * 0 the oldest of the 13), so the history always ends "now".
 */

export const DEMO_PASSWORD = 'Vireo-Demo-2026';

type ServiceKey = 'VOICE' | 'INTERNET' | 'VIDEO' | 'EMAIL' | 'ETHERNET' | 'LAYER_3_VPN' | 'OPTICAL_WAVE' | 'SECURITY';

export type At = (statementIndex: number, days: number) => IsoDate;

export type PersonaCharge = {
  key: string;
  category: BillingCategory;
  kind: 'monthly_service' | 'equipment' | 'promotion' | 'fee';
  description: string;
  amountCents: number;
  /** Statement index and day offset it starts; undefined: from the start of the history. */
  starts?: [number, number];
  ends?: [number, number];
  /** Account event that explains the line when it starts or ends. */
  event?: 'plan_change' | 'new_service' | 'promotion_ended';
};

export type PersonaMethod =
  | {
      key: string;
      type: 'card';
      brand: 'visa' | 'mc' | 'discover' | 'amex';
      lastFour: string;
      expires: 'future' | 'expired' | 'this_month';
      funding?: 'credit' | 'prepaid';
    }
  | { key: string; type: 'bank'; bankAccountType: 'checking' | 'savings'; lastFour: string; routingNumber: string };

/**
 * How the statement history is anchored to today.
 * - `due_in_days`: the latest statement is due in N days.
 * - `days_past_due`: the oldest unpaid statement is N days past due; later statements stay unpaid, and one partial
 *   payment made after the latest statement (applied to the oldest first) leaves exactly `pastDueCents` past due.
 * - `cycle_day`: a fixed cycle day; every statement but the latest is paid.
 * Cycle days are 1-28 (product-decisions.md), so an anchor that falls on the 29th-31st moves back to the 28th: the
 * due date is then up to 3 days sooner, or the days past due up to 3 more, than the nominal figure.
 */
export type Anchor =
  | { kind: 'due_in_days'; days: number }
  | { kind: 'days_past_due'; days: number; pastDueCents: number }
  | { kind: 'cycle_day'; day: number };

export type Persona = {
  key: string;
  accountNumber: string;
  companyName: string;
  domain: string;
  footprint: Footprint;
  billerType: 'ICOMS' | 'CSG';
  timeZone: string;
  status: 'active' | 'soft_disconnected' | 'disconnected';
  isEnterprise?: boolean;
  paymentRestriction?: 'none' | 'card' | 'bank' | 'both';
  paperless?: boolean;
  hasBulkAgreement?: boolean;
  /** The security code printed on its statements (issue 17); else one derived from the account number. */
  statementCode?: string;
  address: { addressLine1: string; city: string; state: string; zip: string };
  /**
   * The account's portal users. `name` fixes a user's name (a user added after the demo data's first version: no
   * faker draw, so everyone else's generated name stays); `deactivated` seeds them deactivated (wider-portal.md §4);
   * `namedIds` takes the user's and membership's ids from the username (`idFrom`), not the seeded faker, so every
   * other demo id stays as it was too (issue 22: `lakeside-leasing`).
   */
  users: {
    username: string;
    role: PortalRole;
    name?: { firstName: string; lastName: string };
    deactivated?: true;
    namedIds?: true;
  }[];
  /** `namedId`: the row's id from the account and the key (`idFrom`), not the seeded faker (a service added later). */
  services: { key: ServiceKey; status: 'Assigned' | 'Unassigned' | 'Active'; vas?: string; namedId?: true }[];
  anchor: Anchor;
  /** Enterprise accounts are billed on the enterprise site: no statements here. */
  bills: boolean;
  charges: PersonaCharge[];
  oneTimeCharges?: {
    key: string;
    category: BillingCategory;
    description: string;
    amountCents: number;
    at: [number, number];
  }[];
  adjustments?: {
    key: string;
    category: BillingCategory;
    description: string;
    amountCents: number;
    at: [number, number];
  }[];
  methods: PersonaMethod[];
  /** Which saved method pays the history (by key). */
  paysWith: string[];
  autopay?: { methodKey: string; debitDay: number };
  /** A future-dated payment already on the books: amount, days from today, and how long ago it was entered. */
  scheduledPayment?: { amountCents: number; inDays: number; enteredDaysAgo: number };
  /**
   * `namedId`: the line's id from its number (`idFrom`), not the seeded faker (a line added later); `followsProperty`:
   * the property (by name) whose business hours its schedule rules read (issue 22 item 5).
   */
  voiceLines?: { number: string; label: string; assignedTo?: string; namedId?: true; followsProperty?: string }[];
  /** The line whose mailbox holds the demo's voicemails and fax (seed/voice.ts). */
  voiceMailbox?: string;
  /**
   * Technician visits dispatch has booked (issue 20, demo-data.md): the day from today and the window's hours on the
   * account's clock; `confirmation_needed` asks the customer to confirm.
   */
  visits?: {
    type: 'installation' | 'repair' | 'equipment';
    inDays: number;
    hours: [number, number];
    state: 'confirmation_needed' | 'confirmed';
    orderId: string;
    jobId: string;
  }[];
  /**
   * The equipment of its services (issue 19 item 1, wider-portal.md §5): type, model and MAC address or serial
   * number (unique across the demo), with a nickname where one was given.
   */
  equipment?: { service: ServiceKey; type: DeviceType; model: string; identifier: string; nickname?: string }[];
  /** A self-install kit shipped `shippedDaysAgo` days ago and not yet activated (issue 21 item 6). */
  selfInstallKit?: { model: string; identifier: string; shippedDaysAgo: number };
  mobile?: {
    lines: { number: string; label: string; plan: string }[];
    /** `charge`: the key of the recurring charge that bills the instalments. */
    devices: { line: number; model: string; financedCents: number; months: number; charge: string }[];
    /** Orders placed with the mobile order system; `refund` returns part of one. */
    orders: {
      number: string;
      placedAt: [number, number];
      status: 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'returned';
      items: { description: string; quantity: number; unitPriceCents: number; financed: boolean }[];
      taxCents: number;
      shippingCents: number;
      refund?: { description: string; amountCents: number; afterDays: number };
    }[];
  };
  /** `charge`: the key of the recurring charge that bills it. */
  streaming?: { provider: string; plan: string; priceCents: number; charge: string }[];
  properties?: { name: string; addressLine1: string; city: string; state: string; zip: string; units: number }[];
  /**
   * Invitations sent by one of its users (issue 17 item 3), made by the invitations service `sentDaysAgo` days before
   * now: the link lasts 72 hours, so 1 day ago is pending and 4 days ago expired. Language en.
   */
  invitations?: {
    invitedBy: string;
    email: string;
    firstName: string;
    lastName: string;
    role: InvitedRole;
    sentDaysAgo: number;
  }[];
};

/** Tax rates per state in basis points (internet access is untaxed); `changedTo` is a rate change mid-history. */
export const TAX_RATES: {
  state: string;
  category: BillingCategory;
  basisPoints: number;
  changedTo?: { basisPoints: number; monthsAgo: number };
}[] = [
  { state: 'ME', category: 'tv', basisPoints: 700 },
  { state: 'ME', category: 'phone', basisPoints: 1000, changedTo: { basisPoints: 1075, monthsAgo: 8 } },
  { state: 'TX', category: 'phone', basisPoints: 900 },
  { state: 'FL', category: 'mobile', basisPoints: 1200 },
  { state: 'OH', category: 'tv', basisPoints: 575 },
  { state: 'OH', category: 'phone', basisPoints: 800 },
  { state: 'VT', category: 'internet', basisPoints: 0 },
  { state: 'NC', category: 'tv', basisPoints: 475 },
];

const ROUTING = '110000000';

export const PERSONAS: Persona[] = [
  {
    key: 'harbor',
    accountNumber: '8260170010011234',
    companyName: 'Harbor Coffee Co.',
    domain: 'harborcoffee.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/New_York',
    status: 'active',
    address: { addressLine1: '120 Commercial St', city: 'Portland', state: 'ME', zip: '04101' },
    users: [
      { username: 'harbor-owner', role: 'PRIMARY' },
      { username: 'harbor-admin', role: 'ADMIN' },
      { username: 'harbor-billing', role: 'BILLING' },
      { username: 'harbor-staff', role: 'STANDARD' },
      // demo-data.md "The wider portal": a deactivated user
      {
        username: 'harbor-former',
        role: 'STANDARD',
        name: { firstName: 'Jordan', lastName: 'Reyes' },
        deactivated: true,
      },
    ],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:10:01',
        nickname: 'Front counter gateway',
      },
      { service: 'INTERNET', type: 'router', model: 'Vireo Business WiFi 6 Router', identifier: '00:1A:2B:3C:10:02' },
      { service: 'VIDEO', type: 'dvr', model: 'Vireo HD DVR', identifier: 'SN-HDV-4410-7731' },
      { service: 'VIDEO', type: 'digital_receiver', model: 'Vireo HD Receiver', identifier: 'SN-HDR-2208-5519' },
      {
        service: 'VOICE',
        type: 'voice_adapter',
        model: 'Vireo Voice Adapter, 4 ports',
        identifier: '00:1A:2B:3C:10:05',
      },
    ],
    services: [
      { key: 'INTERNET', status: 'Active', vas: 'INTERNET' },
      { key: 'VIDEO', status: 'Active', vas: 'TV' },
      { key: 'VOICE', status: 'Assigned', vas: 'PHONE_META' },
    ],
    anchor: { kind: 'due_in_days', days: 10 },
    bills: true,
    charges: [
      {
        key: 'premier',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Premier',
        amountCents: 8999,
        ends: [5, 8],
      },
      {
        key: 'gig',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Gig',
        amountCents: 10999,
        starts: [5, 9],
        event: 'plan_change',
      },
      {
        key: 'static-ip',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Static IP address',
        amountCents: 1999,
      },
      {
        key: 'promo',
        category: 'internet',
        kind: 'promotion',
        description: 'Business Internet promotion, 12 months',
        amountCents: -2000,
        ends: [7, 14],
        event: 'promotion_ended',
      },
      {
        key: 'tv',
        category: 'tv',
        kind: 'monthly_service',
        description: 'Business TV Select',
        amountCents: 5499,
        starts: [8, 12],
        event: 'new_service',
      },
      {
        key: 'receiver',
        category: 'tv',
        kind: 'equipment',
        description: 'HD receiver',
        amountCents: 999,
        starts: [8, 12],
      },
      {
        key: 'broadcast',
        category: 'tv',
        kind: 'fee',
        description: 'Broadcast TV surcharge',
        amountCents: 693,
        starts: [8, 12],
      },
      {
        key: 'voice',
        category: 'phone',
        kind: 'monthly_service',
        description: 'Business Voice, 3 lines',
        amountCents: 7497,
      },
    ],
    oneTimeCharges: [
      {
        key: 'install',
        category: 'tv',
        description: 'Professional installation, Business TV',
        amountCents: 4999,
        at: [8, 12],
      },
    ],
    adjustments: [
      {
        key: 'outage-credit',
        category: 'internet',
        description: 'Service credit: internet outage',
        amountCents: -1500,
        at: [3, 6],
      },
    ],
    methods: [
      { key: 'visa', type: 'card', brand: 'visa', lastFour: '4242', expires: 'future' },
      { key: 'checking', type: 'bank', bankAccountType: 'checking', lastFour: '6789', routingNumber: ROUTING },
    ],
    paysWith: ['visa', 'checking'],
    voiceLines: [
      { number: '2075550101', label: 'Front counter', assignedTo: 'harbor-owner' },
      { number: '2075550102', label: 'Office', assignedTo: 'harbor-admin' },
      { number: '2075550103', label: 'Back room' },
    ],
    voiceMailbox: '2075550101',
    // demo-data.md: the installation of the TV upgrade in 3 days, 08:00-10:00, needing confirmation
    visits: [
      {
        type: 'installation',
        inDays: 3,
        hours: [8, 10],
        state: 'confirmation_needed',
        orderId: 'ORD-4471-2208',
        jobId: 'JOB-88213',
      },
    ],
    // demo-data.md "The wider portal": a pending invitation (sent yesterday) and an expired one
    invitations: [
      {
        invitedBy: 'harbor-owner',
        email: 'sam.ortiz@harborcoffee.example',
        firstName: 'Sam',
        lastName: 'Ortiz',
        role: 'BILLING',
        sentDaysAgo: 1,
      },
      {
        invitedBy: 'harbor-owner',
        email: 'lee.park@harborcoffee.example',
        firstName: 'Lee',
        lastName: 'Park',
        role: 'STANDARD',
        sentDaysAgo: 4,
      },
    ],
  },
  {
    key: 'pinecrest',
    accountNumber: '8260170020025678',
    companyName: 'Pinecrest Dental',
    domain: 'pinecrestdental.example',
    footprint: 'TWC',
    billerType: 'ICOMS',
    timeZone: 'America/Chicago',
    status: 'active',
    address: { addressLine1: '4410 Pinecrest Rd', city: 'Austin', state: 'TX', zip: '78731' },
    users: [{ username: 'pinecrest-owner', role: 'PRIMARY' }],
    // demo-data.md: a repair visit tomorrow, 13:00-15:00, confirmed
    visits: [
      { type: 'repair', inDays: 1, hours: [13, 15], state: 'confirmed', orderId: 'ORD-5120-0931', jobId: 'JOB-90477' },
    ],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:20:01',
      },
      {
        service: 'VOICE',
        type: 'voice_adapter',
        model: 'Vireo Voice Adapter, 2 ports',
        identifier: '00:1A:2B:3C:20:02',
        nickname: 'Reception phones',
      },
    ],
    services: [
      { key: 'INTERNET', status: 'Active', vas: 'INTERNET' },
      { key: 'VOICE', status: 'Active', vas: 'PHONE' },
    ],
    anchor: { kind: 'days_past_due', days: 47, pastDueCents: 41_210 },
    bills: true,
    charges: [
      {
        key: 'ultra',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Ultra',
        amountCents: 14999,
      },
      {
        key: 'static-ip',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Static IP address',
        amountCents: 1999,
      },
      {
        key: 'voice',
        category: 'phone',
        kind: 'monthly_service',
        description: 'Business Voice, 2 lines',
        amountCents: 6998,
      },
      { key: 'regulatory', category: 'phone', kind: 'fee', description: 'Regulatory recovery fee', amountCents: 299 },
    ],
    methods: [{ key: 'mc', type: 'card', brand: 'mc', lastFour: '4444', expires: 'future' }],
    paysWith: ['mc'],
    // entered before the account fell behind
    scheduledPayment: { amountCents: 15_000, inDays: 5, enteredDaysAgo: 50 },
  },
  {
    key: 'riverbend',
    accountNumber: '8260170030039012',
    companyName: 'Riverbend Auto Repair',
    domain: 'riverbendauto.example',
    footprint: 'BHN',
    billerType: 'ICOMS',
    timeZone: 'America/New_York',
    status: 'active',
    paperless: true,
    address: { addressLine1: '88 River Bend Dr', city: 'Orlando', state: 'FL', zip: '32801' },
    users: [
      { username: 'riverbend-owner', role: 'PRIMARY' },
      { username: 'riverbend-billing', role: 'BILLING' },
    ],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:30:01',
      },
      {
        service: 'INTERNET',
        type: 'router',
        model: 'Vireo Business WiFi 6 Router',
        identifier: '00:1A:2B:3C:30:02',
        nickname: 'Shop floor WiFi',
      },
    ],
    services: [{ key: 'INTERNET', status: 'Active', vas: 'INTERNET' }],
    anchor: { kind: 'cycle_day', day: 5 },
    bills: true,
    charges: [
      {
        key: 'internet',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Premier',
        amountCents: 8999,
      },
      {
        key: 'mobile-lines',
        category: 'mobile',
        kind: 'monthly_service',
        description: 'Business Mobile Unlimited, 4 lines',
        amountCents: 18000,
      },
      {
        key: 'device-1',
        category: 'mobile',
        kind: 'equipment',
        description: 'Device instalment: Vireo Phone Pro 256 GB',
        amountCents: 3125,
        // instalments start with the first full cycle after the order (MO-240517), so none is prorated
        starts: [3, 0],
        event: 'new_service',
      },
      {
        key: 'device-2',
        category: 'mobile',
        kind: 'equipment',
        description: 'Device instalment: Vireo Phone SE',
        amountCents: 1450,
        starts: [7, 0],
        event: 'new_service',
      },
      {
        key: 'streaming',
        category: 'account',
        kind: 'monthly_service',
        description: 'StreamMax Premium subscription',
        amountCents: 1599,
        starts: [9, 20],
        event: 'new_service',
      },
    ],
    methods: [{ key: 'mc', type: 'card', brand: 'mc', lastFour: '4444', expires: 'future' }],
    paysWith: ['mc'],
    autopay: { methodKey: 'mc', debitDay: 20 },
    mobile: {
      lines: [
        { number: '4075550141', label: 'Owner', plan: 'Business Mobile Unlimited' },
        { number: '4075550142', label: 'Service desk', plan: 'Business Mobile Unlimited' },
        { number: '4075550143', label: 'Tow truck', plan: 'Business Mobile Unlimited' },
        { number: '4075550144', label: 'Parts runner', plan: 'Business Mobile Unlimited' },
      ],
      devices: [
        { line: 0, model: 'Vireo Phone Pro 256 GB', financedCents: 112_500, months: 36, charge: 'device-1' },
        { line: 2, model: 'Vireo Phone SE', financedCents: 34_800, months: 24, charge: 'device-2' },
      ],
      orders: [
        {
          number: 'MO-240517',
          placedAt: [2, 15],
          status: 'delivered',
          items: [
            { description: 'Vireo Phone Pro 256 GB', quantity: 1, unitPriceCents: 112_500, financed: true },
            { description: 'Rugged case', quantity: 1, unitPriceCents: 3_999, financed: false },
          ],
          taxCents: 260,
          shippingCents: 0,
        },
        {
          number: 'MO-240903',
          placedAt: [6, 1],
          status: 'delivered',
          items: [
            { description: 'Vireo Phone SE', quantity: 1, unitPriceCents: 34_800, financed: true },
            { description: 'Car charger', quantity: 2, unitPriceCents: 1_999, financed: false },
            { description: 'Screen protector', quantity: 1, unitPriceCents: 1_499, financed: false },
          ],
          taxCents: 356,
          shippingCents: 995,
          refund: { description: 'Returned: Car charger (1)', amountCents: 2_129, afterDays: 12 },
        },
      ],
    },
    streaming: [{ provider: 'StreamMax', plan: 'StreamMax Premium', priceCents: 1599, charge: 'streaming' }],
  },
  {
    key: 'maple',
    accountNumber: '8260170040043456',
    companyName: 'Maple Street Bakery',
    domain: 'maplestreetbakery.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/New_York',
    status: 'active',
    paymentRestriction: 'card',
    address: { addressLine1: '17 Maple St', city: 'Burlington', state: 'VT', zip: '05401' },
    users: [{ username: 'maple-owner', role: 'PRIMARY' }],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:40:01',
      },
      { service: 'INTERNET', type: 'router', model: 'Vireo Business WiFi 6 Router', identifier: '00:1A:2B:3C:40:02' },
    ],
    // demo-data.md: a self-install kit shipped and not yet activated
    selfInstallKit: { model: 'Vireo DOCSIS 4.0 Business Gateway', identifier: '00:1A:2B:3C:40:09', shippedDaysAgo: 3 },
    services: [{ key: 'INTERNET', status: 'Active', vas: 'INTERNET' }],
    anchor: { kind: 'cycle_day', day: 12 },
    bills: true,
    charges: [
      {
        key: 'internet',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Standard',
        amountCents: 7999,
      },
      { key: 'wifi', category: 'internet', kind: 'equipment', description: 'Business WiFi router', amountCents: 999 },
    ],
    methods: [
      { key: 'checking', type: 'bank', bankAccountType: 'checking', lastFour: '6789', routingNumber: ROUTING },
      { key: 'expired-visa', type: 'card', brand: 'visa', lastFour: '4242', expires: 'expired' },
      { key: 'expiring-mc', type: 'card', brand: 'mc', lastFour: '4444', expires: 'this_month' },
    ],
    paysWith: ['checking'],
  },
  {
    key: 'northgate',
    accountNumber: '8260170050057890',
    companyName: 'Northgate Clinic',
    domain: 'northgateclinic.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/New_York',
    status: 'soft_disconnected',
    address: { addressLine1: '2300 Northgate Blvd', city: 'Columbus', state: 'OH', zip: '43215' },
    users: [{ username: 'northgate-owner', role: 'PRIMARY' }],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:50:01',
      },
      { service: 'VIDEO', type: 'digital_receiver', model: 'Vireo HD Receiver', identifier: 'SN-HDR-2208-6620' },
      {
        service: 'VOICE',
        type: 'voice_adapter',
        model: 'Vireo Voice Adapter, 2 ports',
        identifier: '00:1A:2B:3C:50:03',
      },
    ],
    services: [
      { key: 'INTERNET', status: 'Active', vas: 'INTERNET' },
      { key: 'VIDEO', status: 'Active', vas: 'TV' },
      { key: 'VOICE', status: 'Active', vas: 'PHONE' },
    ],
    anchor: { kind: 'days_past_due', days: 65, pastDueCents: 65_500 },
    bills: true,
    charges: [
      {
        key: 'internet',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Premier',
        amountCents: 11999,
      },
      { key: 'tv', category: 'tv', kind: 'monthly_service', description: 'Business TV Select', amountCents: 4999 },
      { key: 'receiver', category: 'tv', kind: 'equipment', description: 'HD receiver', amountCents: 999 },
      { key: 'broadcast', category: 'tv', kind: 'fee', description: 'Broadcast TV surcharge', amountCents: 1299 },
      {
        key: 'voice',
        category: 'phone',
        kind: 'monthly_service',
        description: 'Business Voice, 2 lines',
        amountCents: 5998,
      },
    ],
    methods: [{ key: 'visa', type: 'card', brand: 'visa', lastFour: '4242', expires: 'future' }],
    paysWith: ['visa'],
  },
  {
    key: 'summit',
    accountNumber: '8260170060061122',
    companyName: 'Summit Logistics',
    domain: 'summitlogistics.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/Denver',
    status: 'active',
    isEnterprise: true,
    address: { addressLine1: '900 Summit Pkwy', city: 'Denver', state: 'CO', zip: '80202' },
    users: [{ username: 'summit-owner', role: 'PRIMARY' }],
    services: [
      { key: 'ETHERNET', status: 'Active' },
      { key: 'LAYER_3_VPN', status: 'Active' },
      { key: 'OPTICAL_WAVE', status: 'Active' },
    ],
    anchor: { kind: 'cycle_day', day: 1 },
    bills: false,
    charges: [],
    methods: [],
    paysWith: [],
  },
  {
    key: 'lakeside',
    accountNumber: '8260170070073344',
    companyName: 'Lakeside Apartments',
    domain: 'lakesideapartments.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/New_York',
    status: 'active',
    hasBulkAgreement: true,
    address: { addressLine1: '1 Lakeside Way', city: 'Charlotte', state: 'NC', zip: '28202' },
    users: [
      { username: 'lakeside-manager', role: 'PRIMARY' },
      // demo-data.md (issue 22): the second user, the leasing office's
      {
        username: 'lakeside-leasing',
        role: 'ADMIN',
        name: { firstName: 'Tamsin', lastName: 'Holloway' },
        namedIds: true,
      },
    ],
    services: [
      { key: 'INTERNET', status: 'Active', vas: 'INTERNET' },
      { key: 'VIDEO', status: 'Active', vas: 'TV' },
      // issue 22 item 5 (wider-portal.md §10: the hours feed voice schedules): each leasing office's phone line
      { key: 'VOICE', status: 'Active', vas: 'PHONE_META', namedId: true },
    ],
    // each leasing office's line answers in its property's business hours (its voicemail after hours and on closures)
    voiceLines: [
      { number: '7045550191', label: 'North leasing office', namedId: true, followsProperty: 'Lakeside North' },
      { number: '7045550192', label: 'South leasing office', namedId: true, followsProperty: 'Lakeside South' },
      { number: '7045550193', label: 'Commons leasing office', namedId: true, followsProperty: 'Lakeside Commons' },
    ],
    anchor: { kind: 'cycle_day', day: 15 },
    bills: true,
    // its monthly charges are its bulk agreement's: each property's ramp at the rates (seed/tech-amenities.ts)
    charges: [],
    methods: [{ key: 'checking', type: 'bank', bankAccountType: 'checking', lastFour: '6789', routingNumber: ROUTING }],
    paysWith: ['checking'],
    properties: [
      {
        name: 'Lakeside North',
        addressLine1: '10 Lakeside Way',
        city: 'Charlotte',
        state: 'NC',
        zip: '28202',
        units: 48,
      },
      {
        name: 'Lakeside South',
        addressLine1: '40 Lakeside Way',
        city: 'Charlotte',
        state: 'NC',
        zip: '28202',
        units: 60,
      },
      {
        name: 'Lakeside Commons',
        addressLine1: '75 Shoreline Dr',
        city: 'Charlotte',
        state: 'NC',
        zip: '28203',
        units: 48,
      },
    ],
  },
  {
    // demo-data.md (issue 17): no portal user yet, for Create account; its statements carry the security code 482913
    key: 'oakivy',
    accountNumber: '8260170080085566',
    companyName: 'Oak & Ivy Florist',
    domain: 'oakandivy.example',
    footprint: 'CHTR',
    billerType: 'CSG',
    timeZone: 'America/Los_Angeles',
    status: 'active',
    statementCode: '482913',
    address: { addressLine1: '1120 SW Morrison St', city: 'Portland', state: 'OR', zip: '97205' },
    users: [],
    equipment: [
      {
        service: 'INTERNET',
        type: 'modem',
        model: 'Vireo DOCSIS 3.1 Business Gateway',
        identifier: '00:1A:2B:3C:80:01',
      },
    ],
    services: [{ key: 'INTERNET', status: 'Active', vas: 'INTERNET' }],
    anchor: { kind: 'due_in_days', days: 12 },
    bills: true,
    charges: [
      {
        key: 'internet',
        category: 'internet',
        kind: 'monthly_service',
        description: 'Business Internet Premier',
        amountCents: 8999,
      },
      { key: 'wifi', category: 'internet', kind: 'equipment', description: 'Business WiFi router', amountCents: 641 },
    ],
    methods: [{ key: 'visa', type: 'card', brand: 'visa', lastFour: '4242', expires: 'future' }],
    paysWith: ['visa'],
  },
];
