import { EmptyOffer } from '../../../components/ui/empty-offer';

/** Where the offers lead: the portal's shop (wider-portal.md: change service, `/buy`). */
export const SHOP_PATH = '/buy';

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
      bodyId="mobile.none.body"
      actionId="mobile.none.action"
      to={SHOP_PATH}
      testId="no-mobile-service"
    />
  );
}
