import { Link, useMatch } from '@tanstack/react-router';
import { Construction, Phone } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE } from '../../components/ui/form-styles';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import type { AppPath } from '../../lib/app-path';
import type { MessageId } from '../../messages';
import { CustomerServiceNumbers } from '../layouts/customer-service';
import { useLoadingIndicatorControls } from '../layouts/loading-indicator';
import type { ComingArea } from '../route-static-data';

/** What each area's pages will hold (wider-portal.md §1-§10), in one sentence the person can act on meanwhile. */
const AREA_TEXT: Record<ComingArea, MessageId> = {
  profile: 'placeholder.area.profile',
  services: 'placeholder.area.services',
  information: 'placeholder.area.information',
  security: 'placeholder.area.security',
  billing: 'placeholder.area.billing',
};

/** Where to go meanwhile, besides the phone: the pages this person can already use. */
function usePagesMeanwhile(): { to: AppPath; labelId: MessageId }[] {
  const profile = useSessionProfile();
  if (!profile) return [{ to: '/login', labelId: 'placeholder.meanwhile.signIn' }];
  const pages: { to: AppPath; labelId: MessageId }[] = [
    { to: '/account-summary', labelId: 'placeholder.meanwhile.accountSummary' },
  ];
  if (profile.capabilities.includes('billing.view')) {
    pages.push({ to: '/billing', labelId: 'placeholder.meanwhile.billing' });
  }
  return pages;
}

/**
 * The page of a route whose screen arrives with a later issue (issue 16 item 5: never "isn't available yet"): its
 * translated name, what it will hold, and where to go meanwhile (the customer-service numbers, and the pages that
 * already work for this person). One component for all of them; the title and the area come from the route's
 * `staticData` (route-table.ts).
 */
export function PlaceholderPage() {
  const intl = useIntl();
  const meanwhileId = useId();
  const { titleId, area } = useMatch({
    strict: false,
    select: (match) => ({ titleId: match.staticData?.titleId, area: match.staticData?.area }),
  });
  const pages = usePagesMeanwhile();
  const { hide } = useLoadingIndicatorControls();
  // spec §4: a page that keeps the loading indicator (/security-suite) turns it off once it is ready; this one is.
  useEffect(() => hide(), [hide]);
  return (
    <div className={PAGE}>
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
        <Construction aria-hidden="true" className="size-4" />
        {intl.formatMessage({ id: 'placeholder.comingSoon' })}
      </p>
      <h1 className={`mt-3 ${PAGE_TITLE}`}>{titleId ? intl.formatMessage({ id: titleId }) : null}</h1>
      {area ? (
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink">{intl.formatMessage({ id: AREA_TEXT[area] })}</p>
      ) : null}
      <section aria-labelledby={meanwhileId} className={`mt-8 max-w-3xl ${CARD}`}>
        <h2 id={meanwhileId} className={`flex items-center gap-2 ${SECTION_TITLE}`}>
          <Phone aria-hidden="true" className="size-5 text-brand-700" />
          {intl.formatMessage({ id: 'placeholder.meanwhile.title' })}
        </h2>
        <p className="mt-2 text-ink">{intl.formatMessage({ id: 'placeholder.meanwhile.call' })}</p>
        <CustomerServiceNumbers className="mt-3" />
        <ul className="mt-5 flex flex-wrap gap-3">
          {pages.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className={SECONDARY_BUTTON}>
                {intl.formatMessage({ id: page.labelId })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
