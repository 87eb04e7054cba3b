import {
  type Locale,
  parseSupportCode,
  type RuleResult,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TOPICS,
  type SupportTicketRequest,
  type SupportTopic,
} from '@vireo/shared';
import type { FormErrors } from '../../../components/form/use-form';

/** The support form's values as typed (issue 21 item 4); a visitor's name and address only when not signed in. */
export type TicketFormValues = {
  topic: string;
  subject: string;
  message: string;
  name: string;
  email: string;
  /** Issue 23 item 4: the code an error message showed (optional). */
  supportCode: string;
  /** The honeypot: hidden from people, so it stays empty unless a program fills it. */
  website: string;
};

/** In the page's order (a visitor's name and address first): the first field in error is focused. */
export const INITIAL_TICKET: TicketFormValues = {
  name: '',
  email: '',
  topic: '',
  subject: '',
  message: '',
  supportCode: '',
  website: '',
};

const ok: RuleResult = { ok: true };
const NAME_MAX = 80;

/**
 * Required text of at most `max` characters once trimmed. The server refuses a card number in it with the shared
 * free-text rule's code, shown at the field (`ticketFieldErrors`): checking it here too would put the rule's module in
 * a chunk of its own on the users page's first load (bundle budgets, ADR 012).
 */
function requiredText(max: number, prefix: string) {
  return (text: string): RuleResult => {
    const trimmed = text.trim();
    if (trimmed === '') return { ok: false, message: `${prefix}.required` };
    if (trimmed.length > max) {
      return { ok: false, message: `${prefix}.tooLong`, values: { max, length: trimmed.length } };
    }
    return ok;
  };
}

/** The shape of an address (one `@`, a dot in the domain); the server's own check decides, as for every field. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isTopic(value: string): value is SupportTopic {
  return (SUPPORT_TOPICS as readonly string[]).includes(value);
}

/** The rules; a signed-in user is answered at the profile's address, so only a visitor gives a name and an address. */
export function ticketRules(signedIn: boolean) {
  return {
    topic: (value: string): RuleResult =>
      isTopic(value) ? ok : { ok: false, message: 'support.forms.topic.required' },
    subject: requiredText(SUPPORT_SUBJECT_MAX, 'support.forms.subject'),
    message: requiredText(SUPPORT_MESSAGE_MAX, 'support.forms.message'),
    supportCode: (text: string): RuleResult =>
      text.trim() === '' || parseSupportCode(text) !== null
        ? ok
        : { ok: false, message: 'support.forms.supportCode.invalid' },
    ...(signedIn
      ? {}
      : {
          name: requiredText(NAME_MAX, 'support.forms.name'),
          email: (text: string): RuleResult => {
            if (text.trim() === '') return { ok: false, message: 'support.forms.email.required' };
            return EMAIL_SHAPE.test(text.trim()) ? ok : { ok: false, message: 'support.forms.email.invalid' };
          },
        }),
  };
}

/** The request for valid values and the files the server took. */
export function toTicketRequest(
  values: TicketFormValues,
  extra: { signedIn: boolean; lang: Locale; attachmentIds: string[]; shareContext: boolean },
): SupportTicketRequest {
  return {
    topic: values.topic as SupportTopic,
    subject: values.subject.trim(),
    message: values.message.trim(),
    ...(values.supportCode.trim()
      ? { supportCode: parseSupportCode(values.supportCode) ?? values.supportCode.trim() }
      : {}),
    attachmentIds: extra.attachmentIds,
    lang: extra.lang,
    ...(extra.signedIn
      ? { shareContext: extra.shareContext }
      : { name: values.name.trim(), email: values.email.trim() }),
    ...(values.website ? { website: values.website } : {}),
  };
}

/** The server's field errors on the form's fields (`body.subject` → subject), by message id. */
export function ticketFieldErrors(fields: { field: string; code: string }[]): FormErrors<TicketFormValues> {
  const errors: FormErrors<TicketFormValues> = {};
  for (const { field, code } of fields) {
    if (field in INITIAL_TICKET && field !== 'website') {
      const name = field as keyof TicketFormValues;
      errors[name] = { message: code === 'text.cardNumberRefused' ? code : `support.forms.${name}.invalid` };
    }
  }
  return errors;
}
