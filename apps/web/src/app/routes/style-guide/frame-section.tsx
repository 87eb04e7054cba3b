import { useIntl } from 'react-intl';
import { PageAlertBanner } from '../../layouts/page-alert-banner';
import { GuideSection, Specimen } from './specimen';

/**
 * The frame: the page alert banner's severities (spec §2.4). The header and the footer are the page's own: a second
 * header here (layouts/site-header.tsx) would move the entry's modules into new chunks (+1.5 kB for every page).
 */
export function FrameSection() {
  const intl = useIntl();
  const link = { href: '/outage-map', label: intl.formatMessage({ id: 'styleGuide.frame.link' }) };
  return (
    <GuideSection id="frame" titleId="styleGuide.frame.title" bodyId="styleGuide.frame.body">
      <Specimen state="default">
        <div className="space-y-3">
          <PageAlertBanner
            alert={{ id: 'info', severity: 'info', body: intl.formatMessage({ id: 'styleGuide.frame.info' }) }}
          />
          <PageAlertBanner
            alert={{ id: 'warning', severity: 'warning', body: intl.formatMessage({ id: 'styleGuide.frame.warning' }) }}
          />
          <PageAlertBanner
            alert={{ id: 'error', severity: 'error', body: intl.formatMessage({ id: 'styleGuide.frame.error' }), link }}
          />
        </div>
      </Specimen>
    </GuideSection>
  );
}
