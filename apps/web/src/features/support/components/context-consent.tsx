import { useIntl } from 'react-intl';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { NOTICE } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { useTicketContext } from '../api/tickets-api';

/**
 * The consent to send the service's context with the ticket (issue 21 item 4): off until the person turns it on, and
 * then exactly what would go (read from the server: what the ticket will carry), so nothing is sent unseen.
 */
export function ContextConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const intl = useIntl();
  const context = useTicketContext(checked);
  const data = context.data;
  const none = intl.formatMessage({ id: 'support.forms.context.none' });
  const rows: [MessageId, string][] = data
    ? [
        [
          'support.forms.context.services',
          data.services
            .map((service) => (service.plans.length > 0 ? service.plans.join(', ') : service.key))
            .join('; ') || none,
        ],
        [
          'support.forms.context.equipment',
          data.equipment
            .map(
              (device) =>
                `${device.nickname ?? device.model}: ${intl.formatMessage({ id: `support.forms.context.device.${device.status}` as MessageId })}`,
            )
            .join('; ') || none,
        ],
        [
          'support.forms.context.outages',
          data.outages.map((outage) => outage.reference).join(', ') ||
            intl.formatMessage({ id: 'support.forms.context.noOutage' }),
        ],
        [
          'support.forms.context.speedTest',
          data.lastSpeedTest
            ? intl.formatMessage(
                { id: 'support.forms.context.speedTestResult' },
                {
                  down: intl.formatNumber(data.lastSpeedTest.downloadKbps / 1000, { maximumFractionDigits: 1 }),
                  up: intl.formatNumber(data.lastSpeedTest.uploadKbps / 1000, { maximumFractionDigits: 1 }),
                },
              )
            : intl.formatMessage({ id: 'support.forms.context.noSpeedTest' }),
        ],
        ['support.forms.context.traces', data.traceIds.length > 0 ? data.traceIds.join(', ') : none],
      ]
    : [];
  return (
    <div>
      <CheckboxField
        label={intl.formatMessage({ id: 'support.forms.context.label' })}
        description={intl.formatMessage({ id: 'support.forms.context.hint' })}
        checked={checked}
        onChange={onChange}
      />
      {checked ? (
        <div className={`${NOTICE} mt-3`} aria-live="polite">
          {context.isError ? (
            <p>{intl.formatMessage({ id: 'support.forms.context.failed' })}</p>
          ) : !data ? (
            <p>{intl.formatMessage({ id: 'support.forms.context.loading' })}</p>
          ) : (
            <dl className="grid gap-x-4 gap-y-1 md:grid-cols-[max-content_1fr]">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold">{intl.formatMessage({ id: label })}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ) : null}
    </div>
  );
}
