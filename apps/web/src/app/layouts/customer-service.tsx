import type { CustomerServiceLine } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../components/ui/form-styles';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import type { MessageId } from '../../messages';

const LINE_LABEL: Record<CustomerServiceLine, MessageId> = {
  business: 'shell.footer.phone.business',
  mobile: 'shell.footer.phone.mobile',
  enterprise: 'shell.footer.phone.enterprise',
  community: 'shell.footer.phone.community',
};

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
  const intl = useIntl();
  const { config } = usePortalBranding();
  const profile = useSessionProfile();
  if (!config) return null;
  const lines = customerServiceLines(config.variant, profile?.isEnterprise ?? false);
  return (
    <dl className={`space-y-1 ${className}`}>
      {lines.map((line) => (
        <div key={line} className="flex flex-wrap gap-x-2">
          <dt className="text-ink-muted">{intl.formatMessage({ id: LINE_LABEL[line] })}</dt>
          <dd>
            <a href={`tel:${config.customerService[line].e164}`} className={`${TEXT_LINK} tabular-nums`}>
              {config.customerService[line].display}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}
