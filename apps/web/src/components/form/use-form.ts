import type { RuleResult } from '@vireo/shared';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type RuleFailure, ruleMessage } from './rule-message';

/**
 * The form kit (ADR 020): one hook holds a form's values and errors, checks them with the shared rules
 * (packages/shared/src/rules, whose failures are message ids with values), shows server field errors the same way,
 * and moves focus to the first field in error. Errors are kept as message ids and translated when shown, so a
 * language switch translates them too. Feature components keep no `useState` per field.
 */

/** A field's check: a shared rule's result, or nothing when the field has no rule at this moment. */
export type FieldRule<V, K extends keyof V> = (value: V[K], values: V) => RuleResult | null | undefined;
export type FormRules<V> = { [K in keyof V]?: FieldRule<V, K> };
/** A field's error: a message id (a shared rule's or a server field code) and its values. */
export type FormErrors<V> = Partial<Record<keyof V, RuleFailure>>;

type FieldBinding<T> = {
  value: T;
  onChange: (value: T) => void;
  /** The field's error in the user's language, when it has one. */
  error: string | undefined;
  /** Where focus goes when this field is the first in error. */
  inputRef: (element: HTMLElement | null) => void;
};

export type FormKit<V> = {
  values: V;
  /** True while any field shows an error (the error summary shows then). */
  hasErrors: boolean;
  /** A field's error in the user's language. */
  error: (name: keyof V) => string | undefined;
  /** Sets a field's value and clears its error. */
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** What a text field, checkbox or radio group takes: value, onChange, error, inputRef. */
  field: <K extends keyof V>(name: K) => FieldBinding<V[K]>;
  /** Runs the rules; shows the errors and focuses the first field in error. True when every field passes. */
  validate: () => boolean;
  /** Validates, then calls `onValid` with the values when every field passes. */
  submit: (onValid: (values: V) => void) => void;
  /** Shows errors found elsewhere (the server's field errors) and focuses the first. */
  showErrors: (errors: FormErrors<V>) => void;
  clearErrors: () => void;
  /** Starts again from `values` (or the first values), with no errors. */
  reset: (values?: V) => void;
};

type State<V> = { values: V; errors: FormErrors<V> };

/** Runs `rules` over `values`: the failures by field. */
function checkRules<V>(values: V, rules: FormRules<V>): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const name of Object.keys(rules) as (keyof V)[]) {
    const result = rules[name]?.(values[name], values);
    if (result && !result.ok) errors[name] = { message: result.message, values: result.values };
  }
  return errors;
}

/**
 * The form's state. Focus order is the order of the fields in `initial`; a field whose element is not on the page
 * (a hidden branch) is skipped.
 */
export function useForm<V extends Record<string, unknown>>(options: {
  initial: V | (() => V);
  rules?: FormRules<V>;
}): FormKit<V> {
  const intl = useIntl();
  const [first] = useState(options.initial);
  const [state, setState] = useState<State<V>>({ values: first, errors: {} });
  const elements = useRef(new Map<keyof V, HTMLElement>());
  const rules = options.rules ?? {};

  const show = (errors: FormErrors<V>) => {
    setState((current) => ({ ...current, errors }));
    const name = (Object.keys(first) as (keyof V)[]).find((key) => errors[key] && elements.current.get(key));
    if (name !== undefined) elements.current.get(name)?.focus();
  };
  const validate = () => {
    const errors = checkRules(state.values, rules);
    show(errors);
    return Object.keys(errors).length === 0;
  };
  const error = (name: keyof V) => {
    const failure = state.errors[name];
    return failure ? ruleMessage(intl, failure) : undefined;
  };
  const set = <K extends keyof V>(name: K, value: V[K]) =>
    setState((current) => ({
      values: { ...current.values, [name]: value },
      errors: current.errors[name] ? { ...current.errors, [name]: undefined } : current.errors,
    }));

  return {
    values: state.values,
    hasErrors: Object.values(state.errors).some(Boolean),
    error,
    set,
    field: (name) => ({
      value: state.values[name],
      onChange: (value) => set(name, value),
      error: error(name),
      inputRef: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    }),
    validate,
    submit: (onValid) => {
      if (validate()) onValid(state.values);
    },
    showErrors: show,
    clearErrors: () => setState((current) => ({ ...current, errors: {} })),
    reset: (values = first) => setState({ values, errors: {} }),
  };
}

/**
 * The server's field errors (`fieldErrorsOf`) as the form's errors: each on its field when the form has it, else on
 * `fallback`; the code is the message id.
 */
export function fieldErrorsFor<V>(
  fields: readonly { field: string; code: string }[],
  names: readonly (keyof V & string)[],
  fallback: keyof V,
): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const { field, code } of fields) {
    const name = (names as readonly string[]).includes(field) ? (field as keyof V) : fallback;
    errors[name] = { message: code };
  }
  return errors;
}
