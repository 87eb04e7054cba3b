import { Link } from '@tanstack/react-router';
import type { Equipment, SupportTopic, TroubleshootingCheck, TroubleshootSubject } from '@vireo/shared';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDeviceName } from '../../../components/ui/device-summary';
import {
  CARD,
  PAGE,
  PAGE_TITLE,
  SECONDARY_BUTTON,
  SECTION_TITLE,
  SUCCESS,
  TEXT_LINK,
  WARNING,
} from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { useLocale } from '../../../lib/locale-context';
import type { MessageId } from '../../../messages';
import { useTroubleshootingCheck } from '../api/troubleshooting-api';
import { EquipmentRestartList, type RestartResult } from './equipment-restart';

const TITLE: Record<TroubleshootSubject, MessageId> = {
  internet: 'support.troubleshoot.title.internet',
  'tv-phone': 'support.troubleshoot.title.tvPhone',
};
const TICKET_SUBJECT: Record<TroubleshootSubject, MessageId> = {
  internet: 'support.troubleshoot.ticket.subject.internet',
  'tv-phone': 'support.troubleshoot.ticket.subject.tvPhone',
};

/** The ticket's topic: the internet's, or the TV's or the phone's by the device that would not come back. */
function topicOf(subject: TroubleshootSubject, device: Equipment | null): SupportTopic {
  if (subject === 'internet') return 'internet';
  return device?.deviceType === 'voice_adapter' ? 'voice' : 'tv';
}

function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${CARD} mt-6 max-w-3xl`}>
      <h2 id={id} className={SECTION_TITLE}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Troubleshooting (issue 21 item 5, wider-portal.md §9): the outage check at the service address first, and when
 * there is an outage the page stops at it (what it is, the outage map, a callback when it is over); otherwise the
 * equipment with its status and a restart, a speed test (internet), and a ticket begun with what was found.
 */
export function TroubleshootPage({ subject, speedTest }: { subject: TroubleshootSubject; speedTest: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const check = useTroubleshootingCheck(subject, locale);
  const [results, setResults] = useState<ReadonlyMap<string, RestartResult>>(new Map());
  const [stuck, setStuck] = useState<Equipment | null>(null);
  const nameOf = useDeviceName();
  const data = check.data;

  const onResult = (device: Equipment, result: RestartResult) => {
    setResults((before) => new Map(before).set(device.id, result));
    if (typeof result === 'object' && result.outcome === 'offline') setStuck(result.equipment);
  };

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: TITLE[subject] })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'support.troubleshoot.intro' })}</p>

      <Step id="troubleshoot-outage" title={intl.formatMessage({ id: 'support.troubleshoot.step.outage' })}>
        <div aria-live="polite" className="mt-3">
          {check.isPending ? (
            <>
              <p>{intl.formatMessage({ id: 'support.troubleshoot.checking' })}</p>
              <ListSkeleton rows={2} />
            </>
          ) : check.isError ? (
            <div className={WARNING}>
              <p>{intl.formatMessage({ id: 'support.troubleshoot.checkFailed' })}</p>
              <button type="button" className={`${SECONDARY_BUTTON} mt-3`} onClick={() => void check.refetch()}>
                {intl.formatMessage({ id: 'support.troubleshoot.checkAgain' })}
              </button>
            </div>
          ) : data?.outage ? (
            <OutageFound outage={data.outage} />
          ) : (
            <p className={SUCCESS}>{noOutageText(intl, data)}</p>
          )}
        </div>
      </Step>

      {data && !data.outage && data.equipment ? (
        <>
          <Step id="troubleshoot-equipment" title={intl.formatMessage({ id: 'support.troubleshoot.step.equipment' })}>
            <EquipmentRestartList
              equipment={data.equipment}
              canRestart={data.canRestart}
              deviceStatusAvailable={data.deviceStatusAvailable}
              results={results}
              onResult={onResult}
            />
          </Step>
          {subject === 'internet' && speedTest ? (
            <Step id="troubleshoot-speed" title={intl.formatMessage({ id: 'support.troubleshoot.step.speed' })}>
              <p className="mt-2">{intl.formatMessage({ id: 'support.troubleshoot.speed.about' })}</p>
              <p className="mt-3">
                <Link to="/services/internet/speed-test" className={TEXT_LINK}>
                  {intl.formatMessage({ id: 'support.troubleshoot.speed.link' })}
                </Link>
              </p>
            </Step>
          ) : null}
          <Step id="troubleshoot-ticket" title={intl.formatMessage({ id: 'support.troubleshoot.step.ticket' })}>
            <p className="mt-2">{intl.formatMessage({ id: 'support.troubleshoot.ticket.about' })}</p>
            <p className="mt-3">
              <Link
                to="/support/forms"
                search={{
                  topic: topicOf(subject, stuck),
                  subject: stuck
                    ? intl.formatMessage({ id: 'support.troubleshoot.ticket.subject.offline' }, { name: nameOf(stuck) })
                    : intl.formatMessage({ id: TICKET_SUBJECT[subject] }),
                }}
                className={TEXT_LINK}
              >
                {intl.formatMessage({ id: 'support.troubleshoot.ticket.link' })}
              </Link>
            </p>
          </Step>
        </>
      ) : null}
    </div>
  );
}

function noOutageText(intl: ReturnType<typeof useIntl>, data: TroubleshootingCheck | undefined): string {
  const address = data?.serviceAddress;
  return address
    ? intl.formatMessage(
        { id: 'support.troubleshoot.noOutage' },
        { address: `${address.addressLine1}, ${address.city}, ${address.state} ${address.zip}` },
      )
    : intl.formatMessage({ id: 'support.troubleshoot.noOutageHere' });
}

/** The outage under way at the address: what network operations say of it, and what the reader can do meanwhile. */
function OutageFound({ outage }: { outage: NonNullable<TroubleshootingCheck['outage']> }) {
  const intl = useIntl();
  const isOutage = outage.type === 'outage';
  return (
    <div className={WARNING}>
      <h3 className="font-semibold text-ink">
        {intl.formatMessage({
          id: isOutage ? 'support.troubleshoot.outage.title' : 'support.troubleshoot.maintenance.title',
        })}
      </h3>
      <p className="mt-1">{outage.body}</p>
      <p className="mt-3">{intl.formatMessage({ id: 'support.troubleshoot.outage.stop' })}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/outage-map" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'support.troubleshoot.outage.map' })}
          </Link>
        </li>
        {isOutage ? (
          <li>
            <Link to="/outage-callback" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'support.troubleshoot.outage.callback' })}
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
