import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import { useVoiceLines } from '../api/voice-api';

/**
 * Which hours a line's schedule rules read (issue 22 item 5, wider-portal.md §10: the business hours "feed voice
 * schedules"): the line's own week and holidays (`children`, shown while they are the ones read), or the business
 * hours, holidays and closures of one of the account's community properties, which are changed on Manage business
 * hours. The choice shows only on an account with properties.
 */
export function HoursSource({
  value,
  onChange,
  error,
  children,
}: {
  value: string | null;
  onChange: (propertyId: string | null) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  const intl = useIntl();
  // the voice manager's lines (already read by the line picker) name the account's properties
  const properties = useVoiceLines().data?.hoursProperties ?? [];
  if (properties.length === 0 && value === null) return children;
  const chosen = properties.find((property) => property.id === value);
  return (
    <>
      <div className="mt-3 max-w-md">
        <SelectField
          label={intl.formatMessage({ id: 'voice.hours.source' })}
          options={[
            { value: '', label: intl.formatMessage({ id: 'voice.hours.source.own' }) },
            ...properties.map((property) => ({
              value: property.id,
              label: intl.formatMessage({ id: 'voice.hours.source.property' }, { property: property.name }),
            })),
          ]}
          value={value ?? ''}
          onChange={(next) => onChange(next === '' ? null : next)}
          error={error}
        />
      </div>
      {value === null ? (
        children
      ) : (
        <p className="mt-3 text-ink">
          {intl.formatMessage({ id: 'voice.hours.follows' }, { property: chosen?.name ?? '' })}{' '}
          <Link to="/manage-business-hours" search={{ propertyId: value }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'voice.hours.manageProperty' }, { property: chosen?.name ?? '' })}
          </Link>
        </p>
      )}
    </>
  );
}
