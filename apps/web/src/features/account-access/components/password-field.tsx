import { PASSWORD_MIN_LENGTH, passwordLength } from '@vireo/shared';
import { type Ref, useId } from 'react';
import { useIntl } from 'react-intl';
import { RevealableField } from '../../../components/ui/revealable-field';
import { TextField } from '../../../components/ui/text-field';
import { type PasswordJudgement, usePasswordCheck } from '../hooks/use-password-check';

type PasswordFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The username chosen or held: a password containing it is refused. */
  username: string;
  /** The person's other words (names, e-mail): a password made of them scores low. */
  words?: readonly string[];
};

const SEGMENTS = [0, 1, 2, 3] as const;
/** zxcvbn's score 0-4 as the meter's filled segments and word (0 and 1 both read weak). */
const LEVEL = [
  'password.meter.weak',
  'password.meter.weak',
  'password.meter.fair',
  'password.meter.good',
  'password.meter.strong',
] as const;
const SEGMENT_COLOUR = ['bg-danger-700', 'bg-danger-700', 'bg-warning-700', 'bg-brand-700', 'bg-brand-800'] as const;

function Meter({ judgement, length }: { judgement: PasswordJudgement; length: number }) {
  const intl = useIntl();
  if (judgement.state === 'empty') return null;
  if (judgement.state === 'local') {
    const problem = judgement.problems[0];
    return (
      <p className="text-sm text-ink">
        {problem === 'tooShort'
          ? intl.formatMessage({ id: 'password.meter.moreCharacters' }, { count: PASSWORD_MIN_LENGTH - length })
          : intl.formatMessage({ id: `password.problem.${problem ?? 'tooLong'}` })}
      </p>
    );
  }
  if (judgement.state === 'checking') {
    return <p className="text-sm text-ink-muted">{intl.formatMessage({ id: 'password.meter.checking' })}</p>;
  }
  if (judgement.state === 'unavailable') {
    return <p className="text-sm text-ink-muted">{intl.formatMessage({ id: 'password.meter.unavailable' })}</p>;
  }
  const { acceptable, problems, score, warning } = judgement.result;
  const filled = acceptable ? Math.max(score, 1) : 1;
  const level = acceptable ? LEVEL[score] : 'password.meter.refused';
  return (
    <div className="space-y-1">
      <div className="flex max-w-sm gap-1" aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={`h-1.5 flex-1 rounded-full ${segment < filled ? SEGMENT_COLOUR[acceptable ? score : 0] : 'bg-line'}`}
          />
        ))}
      </div>
      <p className="text-sm font-semibold text-ink">{intl.formatMessage({ id: level })}</p>
      {problems.map((problem) => (
        <p key={problem} className="text-sm text-ink">
          {intl.formatMessage({ id: `password.problem.${problem}` })}
        </p>
      ))}
      {warning ? <p className="text-sm text-ink">{intl.formatMessage({ id: `password.warning.${warning}` })}</p> : null}
    </div>
  );
}

/**
 * A new password (wider-portal.md §1, ADR 027): 12-128 characters, any characters, a show/hide switch instead of a
 * second copy to type, and a strength meter read out politely as it changes (the length at once, the server's verdict
 * when typing pauses). The rule is the hint, so nobody learns it from an error.
 */
export function PasswordField({ label, value, onChange, error, inputRef, username, words = [] }: PasswordFieldProps) {
  const intl = useIntl();
  const meterId = useId();
  const judgement = usePasswordCheck(value, username, words);
  return (
    <RevealableField
      label={label}
      hint={intl.formatMessage({ id: 'password.hint' }, { min: PASSWORD_MIN_LENGTH })}
      showLabel={intl.formatMessage({ id: 'password.show' })}
      value={value}
      onChange={onChange}
      error={error}
      inputRef={inputRef}
      describedBy={meterId}
    >
      <div id={meterId} aria-live="polite" className="mt-2 min-h-6">
        <Meter judgement={judgement} length={passwordLength(value)} />
      </div>
    </RevealableField>
  );
}

/** The username a person chooses (Create account, an invitation): the shared rule's hint, no autocorrection. */
export function UsernameField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: 'accountAccess.field.username' })}
      hint={intl.formatMessage({ id: 'accountAccess.field.usernameHint' })}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={64}
      {...props}
    />
  );
}
