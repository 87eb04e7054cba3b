import { Link } from '@tanstack/react-router';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import { NOTICE, PRIMARY_BUTTON, SUCCESS, TEXT_LINK, WARNING } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { type SelfInstallKit, useActivationStep, useSelfInstallKit } from '../api/self-install-api';
import { useLeaveWarning } from './leave-warning';
import {
  ACTIVATION_STEP_NAME,
  ActivationSteps,
  BackLink,
  FAILURE_TEXT,
  KitGate,
  Section,
  SelfInstallFrame,
  stepDue,
  TicketLink,
  useStuckSubject,
} from './self-install-common';

/** Why a run stopped without the provisioning system's word on a step. */
type Problem = 'unavailable' | 'nothingToDo' | 'notAllowed' | 'failed';
const PROBLEM_TEXT: Record<Problem, MessageId> = {
  unavailable: 'selfInstall.activate.unavailable',
  nothingToDo: 'selfInstall.activate.nothingToDo',
  notAllowed: 'selfInstall.adminsOnly',
  failed: 'selfInstall.activate.failed',
};

function problemOf(error: unknown): Problem {
  switch (errorCode(error)) {
    case 'SERVICE_UNAVAILABLE':
      return 'unavailable';
    case 'CONFLICT':
      return 'nothingToDo';
    case 'FORBIDDEN':
      return 'notAllowed';
    default:
      return 'failed';
  }
}

/** Step 3: the activation, one step per call to the provisioning system, until online or a step fails. */
export function ActivatePage({ speedBump }: { speedBump: boolean }) {
  const intl = useIntl();
  return (
    <SelfInstallFrame
      step={3}
      titleId="selfInstall.activate.title"
      intro={intl.formatMessage({ id: 'selfInstall.activate.intro' })}
    >
      <KitGate>{(kit) => <Activation kit={kit} speedBump={speedBump} />}</KitGate>
      <BackLink page="connect" />
    </SelfInstallFrame>
  );
}

function Activation({ kit, speedBump }: { kit: SelfInstallKit; speedBump: boolean }) {
  const intl = useIntl();
  const kitQuery = useSelfInstallKit();
  const activation = useActivationStep();
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** How a run of this visit ended, where focus goes then (the way on, or the help). */
  const [ended, setEnded] = useState<'online' | 'needsHelp' | null>(null);
  const mounted = useRef(false);
  const busy = useRef(false);
  const wifiLink = useRef<HTMLAnchorElement>(null);
  const helpHeading = useRef<HTMLHeadingElement>(null);
  const online = kit.stage === 'online';
  const { dialog } = useLeaveWarning({
    speedBump,
    suppressed: false,
    installType: kit.installType,
    unfinished: kit.canActivate && !online && !kit.needsHelp,
    bodyId: 'selfInstall.leave.activate',
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // once the page shows how the run ended (the kit's new state may render after the run's own state)
  useEffect(() => {
    if (ended === 'online' && online) wifiLink.current?.focus();
    if (ended === 'needsHelp' && kit.needsHelp) helpHeading.current?.focus();
  }, [ended, online, kit.needsHelp]);

  const stepName = (step: keyof typeof ACTIVATION_STEP_NAME) => intl.formatMessage({ id: ACTIVATION_STEP_NAME[step] });

  const run = async () => {
    // a second press while a run is under way does nothing (the state may not have rendered yet)
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setProblem(null);
    let current = kit;
    try {
      // one call per step, at most the three of them; a step that fails (or does not move) ends the run
      for (let calls = 0; calls < 3 && mounted.current; calls += 1) {
        const due = stepDue(current);
        if (due === null) break;
        setAnnouncement(intl.formatMessage({ id: 'selfInstall.activate.working' }, { step: stepName(due) }));
        const before = current.stage;
        current = await activation.mutateAsync();
        if (current.stage === 'online' || current.failure || current.needsHelp || current.stage === before) break;
      }
      if (!mounted.current) return;
      if (current.stage === 'online') {
        setAnnouncement(intl.formatMessage({ id: 'selfInstall.activate.finished' }));
        setEnded('online');
      } else if (current.failure) {
        setAnnouncement(
          intl.formatMessage(
            { id: current.needsHelp ? 'selfInstall.activate.stoppedForHelp' : 'selfInstall.activate.stopped' },
            {
              step: stepName(current.failure.step),
              reason: intl.formatMessage({ id: FAILURE_TEXT[current.failure.reason] }),
            },
          ),
        );
        if (current.needsHelp) setEnded('needsHelp');
      }
    } catch (error) {
      if (!mounted.current) return;
      setAnnouncement('');
      setProblem(problemOf(error));
      // the kit is not what the page thought (online already, not the reader's to activate, gone): read it again
      if (errorCode(error) !== 'SERVICE_UNAVAILABLE') void kitQuery.refetch();
    } finally {
      busy.current = false;
      if (mounted.current) setRunning(false);
    }
  };

  const label: MessageId =
    kit.failure || problem
      ? 'selfInstall.activate.retry'
      : kit.stage === 'shipped'
        ? 'selfInstall.activate.start'
        : 'selfInstall.activate.continue';

  return (
    <>
      <Section id="self-install-activation" titleId="selfInstall.activate.stepsTitle">
        <ActivationSteps kit={kit} running={running} />
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </Section>
      <div className="mt-6 max-w-3xl space-y-4">
        {problem ? (
          <p role="alert" className={WARNING}>
            {intl.formatMessage({ id: PROBLEM_TEXT[problem] })}
          </p>
        ) : null}
        {!kit.canActivate ? (
          problem === 'notAllowed' ? null : (
            <p className={NOTICE}>{intl.formatMessage({ id: 'selfInstall.adminsOnly' })}</p>
          )
        ) : online ? (
          <div className={SUCCESS}>
            <p className="font-semibold">{intl.formatMessage({ id: 'selfInstall.activate.online' })}</p>
            <Link ref={wifiLink} to="/selfinstall/$page" params={{ page: 'wifi' }} className={`${PRIMARY_BUTTON} mt-3`}>
              {intl.formatMessage({ id: 'selfInstall.next.wifi' })}
            </Link>
          </div>
        ) : kit.needsHelp ? (
          <NeedsHelp kit={kit} headingRef={helpHeading} />
        ) : (
          <button
            type="button"
            className={PRIMARY_BUTTON}
            aria-disabled={running || undefined}
            onClick={() => void run()}
          >
            {intl.formatMessage({ id: label })}
          </button>
        )}
      </div>
      {dialog}
    </>
  );
}

/** A step that failed SELF_INSTALL_ATTEMPTS_BEFORE_HELP times: no retry here, but us (a call, a ticket). */
function NeedsHelp({ kit, headingRef }: { kit: SelfInstallKit; headingRef: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const subject = useStuckSubject(kit);
  return (
    <div className={WARNING}>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
        {intl.formatMessage({ id: 'selfInstall.help.title' })}
      </h2>
      <p className="mt-1">{intl.formatMessage({ id: 'selfInstall.help.body' })}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/selfinstall/$page" params={{ page: 'contact-to-activate' }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'selfInstall.help.contact' })}
          </Link>
        </li>
        <li>
          <TicketLink subject={subject} />
        </li>
      </ul>
    </div>
  );
}
