import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { WARNING } from '../../../components/ui/form-styles';

const TAB_LINK =
  'inline-flex min-h-11 items-center border-b-4 border-transparent px-4 font-semibold text-ink hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900';

/**
 * The tech amenities' pages as links (wider-portal.md §10): the overview, the ramp ledger of all properties and of one,
 * the contract details. Each is its own address, marked with aria-current (as the account activity's views).
 */
export function TechAmenitiesNav() {
  const intl = useIntl();
  const exact = { exact: true, includeSearch: false } as const;
  return (
    <nav aria-label={intl.formatMessage({ id: 'techAmenities.nav.label' })} className="mt-4 mb-6 border-b border-line">
      <ul className="flex flex-wrap">
        <li>
          <Link to="/manage" activeOptions={exact} className={TAB_LINK}>
            {intl.formatMessage({ id: 'techAmenities.nav.overview' })}
          </Link>
        </li>
        <li>
          <Link to="/manage/all-properties/unit-ramp-billing" activeOptions={exact} className={TAB_LINK}>
            {intl.formatMessage({ id: 'techAmenities.nav.allProperties' })}
          </Link>
        </li>
        <li>
          <Link to="/manage/unit-ramp-billing" search={{}} activeOptions={exact} className={TAB_LINK}>
            {intl.formatMessage({ id: 'techAmenities.nav.byProperty' })}
          </Link>
        </li>
        <li>
          <Link to="/property-contract-details" activeOptions={exact} className={TAB_LINK}>
            {intl.formatMessage({ id: 'techAmenities.nav.contract' })}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The billing engine did not answer: the page says so and shows the portal's own figures. */
export function BillingUnavailableNotice() {
  const intl = useIntl();
  return (
    <div role="status" className={`${WARNING} mb-6`}>
      <p className="font-semibold">{intl.formatMessage({ id: 'techAmenities.billingUnavailable.title' })}</p>
      <p className="mt-1">{intl.formatMessage({ id: 'techAmenities.billingUnavailable.body' })}</p>
    </div>
  );
}

/** A ledger or agreement that did not load, with a retry. */
export function LoadFailure({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <ErrorNotice
      titleId="techAmenities.errors.load.title"
      bodyId="techAmenities.errors.load.body"
      onRetry={onRetry}
      isRetrying={isRetrying}
    />
  );
}
