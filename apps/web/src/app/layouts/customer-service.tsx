import type { CustomerServiceLine } from '@vireo/shared';
import { PhoneLines } from '../../components/ui/phone-lines';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import { useSessionProfile } from '../../features/session/api/get-session-profile';

/**
 * The numbers a person of this portal calls (spec §9: one per kind of customer, from configuration): the community
 * variant's own; else the business (an enterprise account: the enterprise) line and the mobile line.
 */
export function customerServiceLines(variant: 'business' | 'community', isEnterprise: boolean): CustomerServiceLine[] {
  if (variant === 'community') return ['community'];
  return [isEnterprise ? 'enterprise' : 'business', 'mobile'];
}

/**
 * The customer-service numbers for this portal and account, each a `tel:` link with its label (the footer, the
 * pages of areas still to come, the account summary's help card). Nothing until the portal configuration is there.
 */
export function CustomerServiceNumbers({ className = '' }: { className?: string }) {
  const { config } = usePortalBranding();
  const profile = useSessionProfile();
  if (!config) return null;
  const lines = customerServiceLines(config.variant, profile?.isEnterprise ?? false);
  return <PhoneLines lines={lines} numbers={config.customerService} className={className} />;
}
