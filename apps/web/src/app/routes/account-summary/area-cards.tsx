import { Link } from '@tanstack/react-router';
import type { Capability } from '@vireo/shared';
import { CalendarClock, History, LifeBuoy, type LucideIcon, Phone, RadioTower, Router, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { useAccountServices } from '../../../features/account/api/get-account-services';
import type { AppPath } from '../../../lib/app-path';
import type { MessageId } from '../../../messages';

type AreaCard = {
  id: 'services' | 'voice' | 'appointments' | 'outages' | 'support' | 'users' | 'auditLog';
  icon: LucideIcon;
  to: AppPath;
  titleId: MessageId;
  bodyId: MessageId;
  linkId: MessageId;
  /** Shown only to users with this capability. */
  needs?: Capability;
};

/**
 * The account's areas beyond billing, one card each (issue 16 item 5): what the area holds and the way there. Each
 * card takes its area's figures (services, lines, the next visit, open tickets…) when that area's issue lands.
 */
const AREA_CARDS: readonly AreaCard[] = [
  {
    id: 'services',
    icon: Router,
    to: '/services',
    titleId: 'accountSummary.area.services.title',
    bodyId: 'accountSummary.area.services.body',
    linkId: 'accountSummary.area.services.link',
  },
  {
    id: 'appointments',
    icon: CalendarClock,
    to: '/service-appointments',
    titleId: 'accountSummary.area.appointments.title',
    bodyId: 'accountSummary.area.appointments.body',
    linkId: 'accountSummary.area.appointments.link',
  },
  {
    id: 'outages',
    icon: RadioTower,
    to: '/outage-map',
    titleId: 'accountSummary.area.outages.title',
    bodyId: 'accountSummary.area.outages.body',
    linkId: 'accountSummary.area.outages.link',
  },
  {
    id: 'support',
    icon: LifeBuoy,
    to: '/support',
    titleId: 'accountSummary.area.support.title',
    bodyId: 'accountSummary.area.support.body',
    linkId: 'accountSummary.area.support.link',
  },
  {
    id: 'users',
    icon: Users,
    to: '/manage-users/list',
    titleId: 'accountSummary.area.users.title',
    bodyId: 'accountSummary.area.users.body',
    linkId: 'accountSummary.area.users.link',
    needs: 'users.manage',
  },
  // issue 18 item 6: until the profile page links to it
  {
    id: 'auditLog',
    icon: History,
    to: '/profile-and-settings/audit-log',
    titleId: 'accountSummary.area.auditLog.title',
    bodyId: 'accountSummary.area.auditLog.body',
    linkId: 'accountSummary.area.auditLog.link',
    needs: 'audit.view',
  },
  // Last: it shows once the account's services say it has voice, and moves nothing above it when it does.
  {
    id: 'voice',
    icon: Phone,
    to: '/voice/messages',
    titleId: 'accountSummary.area.voice.title',
    bodyId: 'accountSummary.area.voice.body',
    linkId: 'accountSummary.area.voice.link',
  },
];

/**
 * The voice cards (issue 19 item 9) load apart from the page: only accounts with voice need them, and they come last,
 * once their own data has arrived, so nothing above them moves.
 */
const VoiceCards = lazy(() =>
  import('../../../features/voice/components/voice-card').then((module) => ({ default: module.VoiceCards })),
);

/** Whether the account has a voice service (spec §3 account services); unknown until they load. */
function useHasVoice(): boolean | undefined {
  const services = useAccountServices();
  // Cannot tell: the card stays, and the voice pages' own guards decide.
  if (services.isError) return true;
  if (!services.data) return undefined;
  return services.data.services.some(
    (service) => service.key === 'VOICE' && (service.status === 'Active' || service.status === 'Assigned'),
  );
}

function AreaCardView({ card }: { card: AreaCard }) {
  const intl = useIntl();
  const Icon = card.icon;
  const titleId = `area-${card.id}-title`;
  return (
    <li>
      <article aria-labelledby={titleId} className={`flex h-full flex-col ${CARD}`}>
        <h3 id={titleId} className="flex items-center gap-3 text-lg font-semibold text-navy-900">
          <span className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          {intl.formatMessage({ id: card.titleId })}
        </h3>
        <p className="mt-3 flex-1 text-ink-muted">{intl.formatMessage({ id: card.bodyId })}</p>
        <Link to={card.to} className={`mt-4 self-start ${TEXT_LINK}`}>
          {intl.formatMessage({ id: card.linkId })}
        </Link>
      </article>
    </li>
  );
}

/** The area cards for this user's capabilities and the account's services. */
export function AreaCards({ capabilities }: { capabilities: readonly Capability[] }) {
  const intl = useIntl();
  const hasVoice = useHasVoice();
  const cards = AREA_CARDS.filter(
    (card) =>
      (card.needs === undefined || capabilities.includes(card.needs)) && (card.id !== 'voice' || hasVoice === true),
  );
  return (
    <section aria-labelledby="account-areas-title" className="mt-10">
      <h2 id="account-areas-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'accountSummary.areas.title' })}
      </h2>
      <ul className="mt-4 grid gap-4 narrow:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) =>
          // issue 19 item 9: the voice card of spec §3/§4 (and the hosted-voice card), the plain card when it fails
          card.id === 'voice' ? (
            <Suspense key={card.id} fallback={null}>
              <VoiceCards fallback={<AreaCardView card={card} />} />
            </Suspense>
          ) : (
            <AreaCardView key={card.id} card={card} />
          ),
        )}
      </ul>
    </section>
  );
}
