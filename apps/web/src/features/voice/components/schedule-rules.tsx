import { SCHEDULE_RULES_MAX, SCHEDULE_WHEN, type ScheduleRule } from '@vireo/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { SCHEDULE_WHEN_MESSAGES } from '../utils/voice-words';
import type { Errors } from './line-settings';

const ACTIONS = ['ring', 'voicemail', 'forward'] as const;

type ScheduleRulesProps = { rules: readonly ScheduleRule[]; onChange: (rules: ScheduleRule[]) => void; errors: Errors };

/**
 * The schedule rules (wider-portal.md §6: business hours, after hours, holidays, evaluated in order; the first that
 * holds decides): each rule's when and then, moved up or down, removed, added. After a move, focus stays on the
 * moved rule's same button (or its other one at an end), so a keyboard user can keep moving it.
 */
export function ScheduleRules({ rules, onChange, errors }: ScheduleRulesProps) {
  const intl = useIntl();
  const list = useRef<HTMLOListElement>(null);
  // after a rule moves, goes or comes: the element to focus, once the list shows the change
  const [focusOn, focus] = useState<string | null>(null);
  useEffect(() => {
    if (focusOn === null) return;
    list.current?.parentElement?.querySelector<HTMLElement>(focusOn)?.focus();
    focus(null);
  }, [focusOn]);
  const replace = (index: number, rule: ScheduleRule) =>
    onChange(rules.map((each, at) => (at === index ? rule : each)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (!rule) return;
    next.splice(index + by, 0, rule);
    onChange(next);
    const to = index + by;
    const edge = (by === -1 && to === 0) || (by === 1 && to === next.length - 1);
    focus(`[data-rule="${rule.id}"] [data-move="${edge ? -by : by}"]`);
  };

  return (
    <fieldset className="mt-8">
      <legend className={SECTION_TITLE}>{intl.formatMessage({ id: 'voice.schedule.legend' })}</legend>
      <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'voice.schedule.note' })}</p>
      {rules.length === 0 ? <p className="mt-3 text-ink">{intl.formatMessage({ id: 'voice.schedule.none' })}</p> : null}
      <ol ref={list} className="mt-3 flex flex-col gap-3">
        {rules.map((rule, index) => {
          const name = intl.formatMessage({ id: 'voice.schedule.rule' }, { position: index + 1 });
          const error = (path: string) => {
            const id = errors[`scheduleRules.${index}.${path}`];
            return id ? intl.formatMessage({ id }) : undefined;
          };
          return (
            <li key={rule.id} data-rule={rule.id} className="rounded-lg border border-line p-4">
              <fieldset>
                <legend className="font-semibold text-navy-900">{name}</legend>
                <div className="mt-2 grid gap-3 md:grid-cols-3">
                  <SelectField
                    label={intl.formatMessage({ id: 'voice.schedule.when' })}
                    options={SCHEDULE_WHEN.map((when) => ({
                      value: when,
                      label: intl.formatMessage({ id: SCHEDULE_WHEN_MESSAGES[when] }),
                    }))}
                    value={rule.when}
                    onChange={(when) => replace(index, { ...rule, when: when as ScheduleRule['when'] })}
                  />
                  <SelectField
                    label={intl.formatMessage({ id: 'voice.schedule.then' })}
                    options={ACTIONS.map((type) => ({
                      value: type,
                      label: intl.formatMessage({ id: `voice.schedule.action.${type}` }),
                    }))}
                    value={rule.action.type}
                    onChange={(type) =>
                      replace(index, {
                        ...rule,
                        action: type === 'forward' ? { type, to: '' } : { type: type as 'ring' | 'voicemail' },
                      })
                    }
                  />
                  {rule.action.type === 'forward' ? (
                    <TextField
                      type="tel"
                      autoComplete="off"
                      label={intl.formatMessage({ id: 'voice.forwarding.to' })}
                      value={rule.action.to}
                      onChange={(to) => replace(index, { ...rule, action: { type: 'forward', to } })}
                      error={error('action.to')}
                    />
                  ) : null}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  {index > 0 ? (
                    <button type="button" data-move="-1" className={SECONDARY_BUTTON} onClick={() => move(index, -1)}>
                      <ArrowUp aria-hidden="true" className="mr-1 inline size-4" />
                      {intl.formatMessage({ id: 'voice.schedule.up' }, { rule: name })}
                    </button>
                  ) : null}
                  {index < rules.length - 1 ? (
                    <button type="button" data-move="1" className={SECONDARY_BUTTON} onClick={() => move(index, 1)}>
                      <ArrowDown aria-hidden="true" className="mr-1 inline size-4" />
                      {intl.formatMessage({ id: 'voice.schedule.down' }, { rule: name })}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={SECONDARY_BUTTON}
                    onClick={() => {
                      onChange(rules.filter((each) => each.id !== rule.id));
                      focus('[data-add-rule]');
                    }}
                  >
                    <Trash2 aria-hidden="true" className="mr-1 inline size-4" />
                    {intl.formatMessage({ id: 'voice.schedule.remove' }, { rule: name })}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {rules.length < SCHEDULE_RULES_MAX ? (
        <button
          type="button"
          data-add-rule=""
          className={`${SECONDARY_BUTTON} mt-3 inline-flex items-center gap-2`}
          onClick={() => {
            const id = crypto.randomUUID();
            onChange([...rules, { id, when: 'after_hours', action: { type: 'voicemail' } }]);
            focus(`[data-rule="${id}"] select`);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {intl.formatMessage({ id: 'voice.schedule.add' })}
        </button>
      ) : null}
    </fieldset>
  );
}
