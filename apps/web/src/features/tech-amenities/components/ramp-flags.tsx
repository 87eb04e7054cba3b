import type { FlaggedUnit, PropertyRampLedger } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { ACCESS_WORDS, monthName, OCCUPANCY_WORDS } from '../utils/ramp-words';

/**
 * The ramp ledger's flags (wider-portal.md §10): the units the latest bill billed that are not active, and the units
 * active today that it did not bill, each by unit number with what the portal knows of it. A flag list is bounded by
 * the property's units; each is a plain list, one unit a line.
 */
export function RampFlags({ flags }: { flags: NonNullable<PropertyRampLedger['flags']> }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="ramp-flags" className={CARD}>
      <h2 id="ramp-flags" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'techAmenities.flags.title' })}
      </h2>
      <p className="mt-1 text-ink-muted">
        {intl.formatMessage({ id: 'techAmenities.flags.intro' }, { month: monthName(intl, flags.month) })}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <FlagList
          id="billed-not-active"
          titleId="techAmenities.flags.billedNotActive"
          emptyId="techAmenities.flags.billedNotActive.none"
          units={flags.billedNotActive}
        />
        <FlagList
          id="active-not-billed"
          titleId="techAmenities.flags.activeNotBilled"
          emptyId="techAmenities.flags.activeNotBilled.none"
          units={flags.activeNotBilled}
        />
      </div>
    </section>
  );
}

function FlagList(props: { id: string; titleId: MessageId; emptyId: MessageId; units: readonly FlaggedUnit[] }) {
  const intl = useIntl();
  const { units } = props;
  const state = (unit: FlaggedUnit) =>
    unit.access === null || unit.occupancy === null
      ? intl.formatMessage({ id: 'techAmenities.unit.unknown' })
      : intl.formatMessage(
          { id: 'techAmenities.unit.state' },
          {
            occupancy: intl.formatMessage({ id: OCCUPANCY_WORDS[unit.occupancy] }),
            access: intl.formatMessage({ id: ACCESS_WORDS[unit.access] }),
          },
        );
  return (
    <div>
      <h3 id={props.id} className="font-semibold text-ink">
        {intl.formatMessage({ id: props.titleId }, { count: units.length })}
      </h3>
      {units.length === 0 ? (
        <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: props.emptyId })}</p>
      ) : (
        <ul aria-labelledby={props.id} className="mt-2 divide-y divide-line rounded-lg border border-danger-700/40">
          {units.map((unit) => (
            <li key={unit.number} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2">
              <span className="font-semibold text-danger-700">
                {intl.formatMessage({ id: 'techAmenities.unit.number' }, { number: unit.number })}
              </span>{' '}
              <span className="text-ink">{state(unit)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
