import { Link, Navigate } from '@tanstack/react-router';
import type { ActivationStep } from '@vireo/shared';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { BADGE, CARD, NOTICE, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { PhoneLines } from '../../../components/ui/phone-lines';
import { usePortalConfig } from '../../../entities/api/get-portal-config';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { type SelfInstallKit, useSelfInstallKit } from '../api/self-install-api';

/** The kit's steps, in order, each numbered "Step N of STEP_COUNT" on its page. */
export const STEP_COUNT = 5;

export const ACTIVATION_STEP_NAME: Record<ActivationStep, MessageId> = {
  modem_seen: 'selfInstall.activation.modemSeen',
  provisioned: 'selfInstall.activation.provisioned',
  online: 'selfInstall.activation.online',
};
const STEPS: readonly ActivationStep[] = ['modem_seen', 'provisioned', 'online'];

/** The activation step now due (the one after the kit's stage), or null once online. */
export function stepDue(kit: SelfInstallKit): ActivationStep | null {
  return STEPS[STEPS.indexOf(kit.stage as ActivationStep) + 1] ?? null;
}

/** A page of the kit's: "Step N of 5" (absent on the pages around the steps), its one h1, then its content. */
export function SelfInstallFrame({
  step,
  titleId,
  intro,
  children,
}: {
  step?: number;
  titleId: MessageId;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className={PAGE}>
      {step ? (
        <p className="text-sm font-semibold text-ink-muted">
          {intl.formatMessage({ id: 'selfInstall.stepOf' }, { current: step, total: STEP_COUNT })}
        </p>
      ) : null}
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      {intro ? <p className="mt-2 max-w-3xl text-ink-muted">{intro}</p> : null}
      {children}
    </div>
  );
}

/** A step's way back, to the step before it (the first step's: the kit's page). */
export function BackLink({ page }: { page: string | null }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: 'selfInstall.back' });
  return (
    <p className="mt-6">
      {page === null ? (
        <Link to="/selfinstall" className={TEXT_LINK}>
          {text}
        </Link>
      ) : (
        <Link to="/selfinstall/$page" params={{ page }} className={TEXT_LINK}>
          {text}
        </Link>
      )}
    </p>
  );
}

/** A labelled part of a page: a card with its h2. */
export function Section({ id, titleId, children }: { id: string; titleId: MessageId; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section aria-labelledby={id} className={`${CARD} mt-6 max-w-3xl`}>
      <h2 id={id} className={SECTION_TITLE}>
        {intl.formatMessage({ id: titleId })}
      </h2>
      {children}
    </section>
  );
}

/**
 * The kit, once loaded: a placeholder meanwhile, a failure with a retry, and no kit at all leads (replacing the
 * address) to the nothing-to-set-up page.
 */
export function KitGate({ children }: { children: (kit: SelfInstallKit) => ReactNode }) {
  const intl = useIntl();
  const kit = useSelfInstallKit();
  if (kit.isPending) return <ListSkeleton rows={3} label={intl.formatMessage({ id: 'selfInstall.loading' })} />;
  if (kit.isError) {
    return (
      <ErrorNotice
        className="mt-6 max-w-3xl"
        titleId="selfInstall.errors.load.title"
        bodyId="selfInstall.errors.load.body"
        onRetry={() => void kit.refetch()}
        isRetrying={kit.isFetching}
      />
    );
  }
  if (kit.data === null) return <Navigate to="/selfinstall/$page" params={{ page: 'nothing-to-set-up' }} replace />;
  return children(kit.data);
}

/** The kit as shipped: the gateway's model, its masked MAC address and the day it shipped. */
export function KitSummary({ kit }: { kit: SelfInstallKit }) {
  const intl = useIntl();
  const rows: [MessageId, string][] = [
    ['selfInstall.kit.model', kit.model],
    ['selfInstall.kit.identifier', kit.identifier],
    ['selfInstall.kit.shipped', formatInstant(intl, new Date(kit.shippedAt), 'date')],
  ];
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 narrow:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{intl.formatMessage({ id: label })}</dt>
          <dd className="font-semibold text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type StepState = 'done' | 'running' | 'waiting' | 'failed';
const STATE_NAME: Record<StepState, MessageId> = {
  done: 'selfInstall.state.done',
  running: 'selfInstall.state.running',
  waiting: 'selfInstall.state.waiting',
  failed: 'selfInstall.state.failed',
};
const STATE_BADGE: Record<StepState, string> = {
  done: 'border-brand-700/40 bg-brand-50 text-brand-800',
  running: 'border-navy-900/30 bg-surface-muted text-navy-900',
  waiting: 'border-line bg-surface text-ink-muted',
  failed: 'border-warning-700/40 bg-warning-50 text-ink',
};
export const FAILURE_TEXT: Record<NonNullable<SelfInstallKit['failure']>['reason'], MessageId> = {
  modemNotSeen: 'selfInstall.failure.modemNotSeen',
  provisioningFailed: 'selfInstall.failure.provisioningFailed',
  notOnline: 'selfInstall.failure.notOnline',
};

/** Where activation stands: the three steps in order, each done, in progress, waiting, or failed with its reason. */
export function ActivationSteps({ kit, running = false }: { kit: SelfInstallKit; running?: boolean }) {
  const intl = useIntl();
  const due = stepDue(kit);
  const dueIndex = due === null ? STEPS.length : STEPS.indexOf(due);
  const stateOf = (index: number): StepState => {
    if (index < dueIndex) return 'done';
    if (index > dueIndex) return 'waiting';
    if (running) return 'running';
    return kit.failure ? 'failed' : 'waiting';
  };
  return (
    <ol className="mt-3 divide-y divide-line rounded-xl border border-line">
      {STEPS.map((step, index) => {
        const state = stateOf(index);
        return (
          <li key={step} className="flex flex-col gap-1 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-ink">{intl.formatMessage({ id: ACTIVATION_STEP_NAME[step] })}</span>
              <span className={`${BADGE} ${STATE_BADGE[state]}`}>{intl.formatMessage({ id: STATE_NAME[state] })}</span>
            </div>
            {/* its "try again" is not for a step that needs us */}
            {state === 'failed' && kit.failure && !kit.needsHelp ? (
              <p className="text-ink">{intl.formatMessage({ id: FAILURE_TEXT[kit.failure.reason] })}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The subject of a ticket about the activation: the step it is stuck at, or a general one without a kit. */
export function useStuckSubject(kit: SelfInstallKit | null | undefined): string {
  const intl = useIntl();
  const step = kit ? (kit.failure?.step ?? stepDue(kit)) : null;
  return step
    ? intl.formatMessage(
        { id: 'selfInstall.ticket.subject.stuck' },
        { step: intl.formatMessage({ id: ACTIVATION_STEP_NAME[step] }) },
      )
    : intl.formatMessage({ id: 'selfInstall.ticket.subject.activation' });
}

/** Writing to support about self-install (its topic), the ticket begun with `subject`. */
export function TicketLink({ subject }: { subject: string }) {
  const intl = useIntl();
  return (
    <Link to="/support/forms" search={{ topic: 'self-install', subject }} className={TEXT_LINK}>
      {intl.formatMessage({ id: 'selfInstall.ticket.link' })}
    </Link>
  );
}

/** The business customer-service number (spec §9, the portal's configuration), as a `tel:` link. */
export function CallUs() {
  const config = usePortalConfig().data;
  return config ? <PhoneLines lines={['business']} numbers={config.customerService} className="mt-3" /> : null;
}

/** A step that needs the gateway online, reached before it is: says so, and the way back to the activation. */
export function NotOnlineYet({ messageId }: { messageId: MessageId }) {
  const intl = useIntl();
  return (
    <div className={`${NOTICE} mt-6 max-w-3xl`}>
      <p>{intl.formatMessage({ id: messageId })}</p>
      <p className="mt-3">
        <Link to="/selfinstall/$page" params={{ page: 'activate' }} className={TEXT_LINK}>
          {intl.formatMessage({ id: 'selfInstall.next.activate' })}
        </Link>
      </p>
    </div>
  );
}
