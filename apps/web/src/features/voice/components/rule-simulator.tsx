import { AppError, type ScheduleWhen } from '@vireo/shared';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type SimulationAnswer, useSimulateCall, type VoiceLine } from '../api/voice-api';
import { fieldErrorsByPath } from '../utils/voice-fields';
import { formatLineNumber } from '../utils/voice-format';
import { SCHEDULE_WHEN_MESSAGES } from '../utils/voice-words';

/**
 * The rule simulator (wider-portal.md §6: "a call from this number at this time: what happens?"): a caller's number
 * (none: a caller who hides it) and a moment on the account's clock, run through the line's saved Call Guard and
 * forwarding by the server (rules/voice-simulator.ts); the answer, then each step the call would meet, in order.
 */
export function RuleSimulator({ line }: { line: VoiceLine }) {
  const intl = useIntl();
  const simulate = useSimulateCall();
  const [from, setFrom] = useState('');
  const [at, setAt] = useState('');
  const [errors, setErrors] = useState<Record<string, MessageId>>({});
  const answerHeading = useRef<HTMLHeadingElement>(null);
  const error = (name: string) => (errors[name] ? intl.formatMessage({ id: errors[name] }) : undefined);
  const answer = simulate.data;
  // each answer's heading takes focus once it is on the page (after the commit that shows it)
  useEffect(() => {
    if (answer) answerHeading.current?.focus();
  }, [answer]);

  return (
    <section aria-labelledby="simulator-title" className={CARD}>
      <h2 id="simulator-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'voice.simulator.title' })}
      </h2>
      <p className="mt-1 text-ink-muted">{intl.formatMessage({ id: 'voice.simulator.intro' })}</p>
      <form
        noValidate
        className="mt-4 grid items-start gap-4 md:grid-cols-[1fr_1fr_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const missing: Record<string, MessageId> = at ? {} : { at: 'voice.simulator.atRequired' };
          setErrors(missing);
          if (missing.at) return;
          simulate.mutate(
            { lineId: line.id, call: { from, at } },
            {
              onError: (failure) =>
                setErrors(AppError.is(failure) && failure.fields ? fieldErrorsByPath(failure.fields) : {}),
            },
          );
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'voice.simulator.from' })}
          hint={intl.formatMessage({ id: 'voice.simulator.fromHint' })}
          value={from}
          onChange={setFrom}
          error={error('from')}
          type="tel"
          autoComplete="off"
        />
        <TextField
          label={intl.formatMessage({ id: 'voice.simulator.atLabel' })}
          hint={intl.formatMessage({ id: 'voice.simulator.atHint' })}
          value={at}
          onChange={setAt}
          error={error('at')}
          type="datetime-local"
        />
        <button type="submit" className={`${PRIMARY_BUTTON} md:mt-7`} aria-disabled={simulate.isPending || undefined}>
          {intl.formatMessage({ id: 'voice.simulator.ask' })}
        </button>
      </form>
      {simulate.isError && Object.keys(errors).length === 0 ? (
        <p role="alert" className="mt-4 font-semibold text-danger-700">
          {intl.formatMessage({ id: 'voice.simulator.failed' })}
        </p>
      ) : null}
      {answer ? (
        <div className="mt-6">
          <h3 ref={answerHeading} tabIndex={-1} className="text-lg font-semibold text-navy-900 outline-none">
            {intl.formatMessage({ id: `voice.simulator.outcome.${answer.outcome}` }, outcomeValues(answer))}
          </h3>
          <ol className="mt-2 list-decimal space-y-1 ps-6">
            {answer.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps are an answer's, in order, never reordered
              <li key={index}>{intl.formatMessage({ id: stepId(step.id) }, stepValues(intl, step.params))}</li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A step's message id (`voice.simulator.ring`…). Written as a template on purpose: the build's message slices then
 * carry every `voice.simulator.` message with this page (build/message-slices.ts reads `prefix.${…}` templates).
 */
const stepId = (id: string) => `voice.simulator.${id.replace(/^voice\.simulator\./, '')}` as MessageId;

function outcomeValues(answer: SimulationAnswer) {
  return { to: answer.to ? formatLineNumber(answer.to) : '', rings: answer.ifNoAnswer?.rings ?? 0 };
}

/** A step's parameters as the sentence says them: numbers written out, lists joined, a rule's "when" in words. */
function stepValues(intl: ReturnType<typeof useIntl>, params: SimulationAnswer['steps'][number]['params']) {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (Array.isArray(value)) {
        return [name, new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(value.map(formatLineNumber))];
      }
      if (name === 'when') return [name, intl.formatMessage({ id: SCHEDULE_WHEN_MESSAGES[value as ScheduleWhen] })];
      if (typeof value === 'string') return [name, formatLineNumber(value)];
      return [name, value];
    }),
  );
}
