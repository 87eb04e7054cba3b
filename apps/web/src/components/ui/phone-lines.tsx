import type { CustomerServiceLine, PhoneNumber } from '@vireo/shared';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { TEXT_LINK } from './form-styles';

/**
 * Customer-service lines (spec §9), each with its label and its number as a `tel:` link: the shell's own (footer,
 * placeholders, the account summary's help card) and every line on /contactus.
 */
export function PhoneLines({
  lines,
  numbers,
  className = '',
}: {
  lines: readonly CustomerServiceLine[];
  numbers: Record<CustomerServiceLine, PhoneNumber>;
  className?: string;
}) {
  const intl = useIntl();
  return (
    <dl className={`space-y-1 ${className}`}>
      {lines.map((line) => (
        <div key={line} className="flex flex-wrap gap-x-2">
          <dt className="text-ink-muted">{intl.formatMessage({ id: `shell.footer.phone.${line}` as MessageId })}</dt>
          <dd>
            <a href={`tel:${numbers[line].e164}`} className={`${TEXT_LINK} tabular-nums`}>
              {numbers[line].display}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}
