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
