import { useDateFormat } from '../../lib/date-format';
import { TextField } from '../ui/text-field';
import type { FormKit } from './use-form';

type DateFieldProps<V extends Record<string, unknown>> = {
  form: FormKit<V>;
  name: keyof V & string;
  label: string;
  className?: string;
};

/**
 * A date typed in the language's one date format (`MM/DD/YY`, `DD/MM/AA`: lib/dates.ts), its pattern as the hint:
 * the From and To of every date filter (the history lists, the audit log, the call logs), bound to the form kit.
 */
export function DateField<V extends Record<string, unknown>>({ form, name, label, className }: DateFieldProps<V>) {
  const dates = useDateFormat();
  const { inputRef, value, onChange, error } = form.field(name);
  return (
    <TextField
      value={value as string}
      onChange={(text) => onChange(text as V[typeof name])}
      error={error}
      inputRef={inputRef}
      label={label}
      hint={dates.inputPattern}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      className={className}
    />
  );
}
