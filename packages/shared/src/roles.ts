/** spec §6: portal roles, enterprise roles and user types. Matching is case-insensitive. */
export const PORTAL_ROLES = ['PRIMARY', 'ADMIN', 'BILLING', 'STANDARD'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];
export const ENTERPRISE_ROLES = ['CHARTER', 'ADMIN', 'STANDARD', 'NONE'] as const;
export type EnterpriseRole = (typeof ENTERPRISE_ROLES)[number];
export const USER_TYPES = ['CONSUMER', 'CSR', 'BOBO'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const FOOTPRINTS = ['CHTR', 'TWC', 'BHN'] as const;
export type Footprint = (typeof FOOTPRINTS)[number];

export function parsePortalRole(value: string): PortalRole | null {
  const upper = value.toUpperCase();
  return (PORTAL_ROLES as readonly string[]).includes(upper) ? (upper as PortalRole) : null;
}

// spec §6: admin group = ADMIN and PRIMARY; billing group = ADMIN and PRIMARY (product-decisions.md adds BILLING)
export function isAdminGroup(role: string): boolean {
  const parsed = parsePortalRole(role);
  return parsed === 'PRIMARY' || parsed === 'ADMIN';
}

/** spec §6: billing access and the ability to pay require a non-standard role. */
export function hasBillingAccess(role: string): boolean {
  const parsed = parsePortalRole(role);
  return parsed !== null && parsed !== 'STANDARD';
}

/** What a signed-in user may do (product-decisions.md, roles). The server checks; the client only hides. */
export const CAPABILITIES = [
  'account.view',
  'billing.view',
  'billing.pay',
  'users.manage',
  'company.manage',
  'audit.view',
  'appointments.manage',
  'voice.manage',
  /** Issue 19: equipment nicknames and changes of service (wider-portal.md §5), the admin group's. */
  'services.manage',
  /** Issue 22 (wider-portal.md §10): the community pages, for every user of an account with a bulk agreement. */
  'community.view',
  /** Issue 22: changes to the properties' units, residents, hours and contacts: that account's admin group. */
  'community.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Capabilities that depend on the account as well as the role (`capabilitiesOf`'s options). */
const BY_ACCOUNT: readonly Capability[] = ['voice.manage', 'community.view', 'community.manage'];

const ROLE_CAPABILITIES: Record<PortalRole, readonly Capability[]> = {
  PRIMARY: CAPABILITIES.filter((c) => !BY_ACCOUNT.includes(c)),
  ADMIN: CAPABILITIES.filter((c) => !BY_ACCOUNT.includes(c)),
  BILLING: ['account.view', 'billing.view', 'billing.pay', 'appointments.manage'],
  STANDARD: ['account.view'],
};

export type AccountTraits = { hasPhoneMeta?: boolean; hasBulkAgreement?: boolean };

/**
 * Capabilities of a role on an account. `voice.manage` (call forwarding, manage lines) needs the admin group and a
 * phone-meta service (spec §4); the community pages need a bulk agreement (spec §2.3, wider-portal.md §10): every
 * user views them, the admin group changes them.
 */
export function capabilitiesOf(role: string, options: AccountTraits = {}): Capability[] {
  const parsed = parsePortalRole(role);
  if (!parsed) return [];
  const list = [...ROLE_CAPABILITIES[parsed]];
  if (options.hasPhoneMeta && isAdminGroup(parsed)) list.push('voice.manage');
  if (options.hasBulkAgreement) list.push('community.view');
  if (options.hasBulkAgreement && isAdminGroup(parsed)) list.push('community.manage');
  return list;
}

export function can(role: string, capability: Capability, options: AccountTraits = {}): boolean {
  return capabilitiesOf(role, options).includes(capability);
}

/**
 * spec §2.1 CPNI compliance: call logs, voice messages and line settings are customer proprietary network information;
 * only a user who may manage the account's voice lines sees them (ADR 008). One rule for the client guard and the
 * server's compliance answer.
 */
export function isCpniCompliant(capabilities: readonly Capability[]): boolean {
  return capabilities.includes('voice.manage');
}
