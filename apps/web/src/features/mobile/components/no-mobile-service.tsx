import { EmptyOffer } from '../../../components/ui/empty-offer';
import { SHOP_PATH } from '../utils/shop';

/**
 * A business without mobile lines (issue 14): not "Unable to Load Mobile Billing Info" but what it is, an empty state
 * with an offer. The mobile home shows it when the API answers `hasMobileService: false`, the other mobile screens
 * when theirs answer 404 NO_MOBILE_SERVICE.
 */
export function NoMobileService({ className = 'mt-6' }: { className?: string }) {
  return (
    <EmptyOffer
      className={className}
      titleId="mobile.none.title"
      actionId="mobile.none.action"
      to={SHOP_PATH}
      testId="no-mobile-service"
    />
  );
}
