import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import {
  CARD,
  PAGE,
  PAGE_TITLE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SECTION_TITLE,
  SUCCESS,
  TEXT_LINK,
  WARNING,
} from '../../../components/ui/form-styles';
import { isAbortError } from '../../../lib/api-client';
import type { MessageId } from '../../../messages';
import { type SpeedTestResult, speedTestIo, useSaveSpeedTest } from '../api/speed-test-api';
import { type Phase, type Progress, runSpeedTest } from '../utils/measure';
import { SpeedTestHistory, useMbps, useMs } from './speed-test-history';

const PHASE_TEXT: Record<Phase, MessageId> = {
  latency: 'speedTest.phase.latency',
  download: 'speedTest.phase.download',
  upload: 'speedTest.phase.upload',
};

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Progress }
  | { kind: 'done'; result: SpeedTestResult }
  | { kind: 'failed'; message: MessageId };

/**
 * `/services/internet/speed-test` (issue 21 item 7, wider-portal.md §9; spec §2.1: only with the speed-test toggle):
 * the test against the portal's own server (utils/measure.ts), its figures, a verdict in plain words against the
 * plan (the server's), what to do next, and the user's history.
 */
export function SpeedTestPage() {
  const intl = useIntl();
  const save = useSaveSpeedTest();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const mbps = useMbps();

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (state.kind === 'done') resultHeading.current?.focus();
  }, [state.kind]);

  const start = async () => {
    if (state.kind === 'running') return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { phase: 'latency', kbps: null } });
    try {
      const figures = await runSpeedTest(speedTestIo, abort.signal, (progress) =>
        setState({ kind: 'running', progress }),
      );
      const result = await save.mutateAsync(figures);
      setState({ kind: 'done', result });
    } catch (error) {
      if (abort.signal.aborted || isAbortError(error)) {
        setState({ kind: 'idle' });
        return;
      }
      setState({
        kind: 'failed',
        message: errorCode(error) === 'RATE_LIMITED' ? 'speedTest.error.rateLimited' : 'speedTest.error.failed',
      });
    }
  };

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.speedTest' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'speedTest.intro' })}</p>

      <section aria-labelledby="speed-test-run" className={`${CARD} mt-6 max-w-3xl`}>
        <h2 id="speed-test-run" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'speedTest.run.title' })}
        </h2>
        <div aria-live="polite" className="mt-3">
          {state.kind === 'running' ? (
            <p>
              {intl.formatMessage({ id: PHASE_TEXT[state.progress.phase] })}
              {state.progress.kbps !== null ? ` ${mbps(state.progress.kbps)}` : ''}
            </p>
          ) : state.kind === 'failed' ? (
            <p className={WARNING}>{intl.formatMessage({ id: state.message })}</p>
          ) : null}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          {state.kind === 'running' ? (
            <button type="button" className={SECONDARY_BUTTON} onClick={() => controller.current?.abort()}>
              {intl.formatMessage({ id: 'speedTest.cancel' })}
            </button>
          ) : (
            <button type="button" className={PRIMARY_BUTTON} onClick={() => void start()}>
              {intl.formatMessage({ id: state.kind === 'idle' ? 'speedTest.start' : 'speedTest.again' })}
            </button>
          )}
        </div>
      </section>

      {state.kind === 'done' ? <Result result={state.result} headingRef={resultHeading} /> : null}
      <SpeedTestHistory />
    </div>
  );
}

function Result({ result, headingRef }: { result: SpeedTestResult; headingRef: React.Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const mbps = useMbps();
  const ms = useMs();
  const figures: [MessageId, string][] = [
    ['speedTest.download', mbps(result.downloadKbps)],
    ['speedTest.upload', mbps(result.uploadKbps)],
    ['speedTest.latency', ms(result.idleLatencyMs)],
    ['speedTest.loadedLatency', ms(result.loadedLatencyMs)],
    ['speedTest.jitter', ms(result.jitterMs)],
  ];
  const plan = result.plan
    ? { plan: result.plan.name, down: mbps(result.plan.downloadKbps), up: mbps(result.plan.uploadKbps) }
    : {};
  return (
    <section aria-labelledby="speed-test-result" className={`${CARD} mt-6 max-w-3xl`}>
      <h2 id="speed-test-result" ref={headingRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
        {intl.formatMessage({ id: 'speedTest.result.title' })}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink-muted">{intl.formatMessage({ id: label })}</dt>
            <dd className="text-xl font-semibold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <div className={`${result.verdict === 'belowPlan' ? WARNING : SUCCESS} mt-4`}>
        <p>{intl.formatMessage({ id: `speedTest.verdict.${result.verdict}` as MessageId }, plan)}</p>
        {result.latencyRises ? (
          <p className="mt-2">
            {intl.formatMessage(
              { id: 'speedTest.verdict.latencyRises' },
              { idle: ms(result.idleLatencyMs), loaded: ms(result.loadedLatencyMs) },
            )}
          </p>
        ) : null}
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {result.verdict === 'belowPlan' ? (
          <li>
            <Link to="/troubleshoot-stub" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'speedTest.next.troubleshoot' })}
            </Link>
          </li>
        ) : null}
        {result.verdict === 'planIsTheLimit' ? (
          <li>
            <Link to="/upgrade" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'speedTest.next.upgrade' })}
            </Link>
          </li>
        ) : null}
        <li>
          <Link
            to="/support/forms"
            search={{
              topic: 'internet',
              subject: intl.formatMessage(
                { id: 'speedTest.next.ticketSubject' },
                { down: mbps(result.downloadKbps), up: mbps(result.uploadKbps) },
              ),
            }}
            className={TEXT_LINK}
          >
            {intl.formatMessage({ id: 'speedTest.next.ticket' })}
          </Link>
        </li>
      </ul>
    </section>
  );
}
