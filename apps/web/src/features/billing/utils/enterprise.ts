import { createContext, useContext } from 'react';

/**
 * product-decisions.md: enterprise accounts use a separate billing site. Its address comes from the portal
 * configuration (`enterpriseBillingUrl`, the server's ENTERPRISE_BILLING_URL); the app provides it. This is only
 * the fallback for a page whose configuration could not load: the server's default.
 */
export const FALLBACK_ENTERPRISE_BILLING_URL = 'https://enterprise.vireo.example/billing';

export const EnterpriseBillingUrlContext = createContext<string>(FALLBACK_ENTERPRISE_BILLING_URL);

export function useEnterpriseBillingUrl(): string {
  return useContext(EnterpriseBillingUrlContext);
}
