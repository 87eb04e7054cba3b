import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { UsageAnalyticsSetting } from './usage-analytics-setting';

/**
 * The Privacy section of Profile & Settings (issue 23 item 3, wider-portal.md §11): what is collected, the "Usage
 * analytics" choice (saved on change), the Global Privacy Control note, and a link to the privacy page, where the
 * person sees, downloads or deletes what was kept about them.
 */
export function PrivacySection() {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${CARD} space-y-4`}>
      <h2 id={titleId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'privacy.title' })}
      </h2>
      <UsageAnalyticsSetting />
      <p>
        <Link to="/profile-and-settings/privacy" className={`${TEXT_LINK} inline-flex min-h-11 items-center`}>
          {intl.formatMessage({ id: 'privacy.seeCollected' })}
        </Link>
      </p>
    </section>
  );
}
