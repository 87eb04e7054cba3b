import type { MessageId } from '../../../messages';

/**
 * Every field code the voice manager's forms can get back from the server (packages/shared/src/rules/voice*.ts and
 * the voice settings service), named here so that the build's message slices carry them with these pages
 * (build/message-slices.ts finds ids by their literal names; a code the slice lacks would read as "check this field").
 */
const FIELD_CODES = [
  'voice.number.required',
  'voice.number.invalid',
  'voice.number.notNanp',
  'voice.number.duplicate',
  'voice.prefix.invalid',
  'voice.prefix.duplicate',
  'voice.line.label.required',
  'voice.line.label.tooLong',
  'voice.line.label.invalid',
  'voice.callerId.required',
  'voice.callerId.tooLong',
  'voice.callerId.invalid',
  'voice.forwarding.ownLine',
  'voice.forwarding.rings.range',
  'voice.forwarding.simultaneous.required',
  'voice.forwarding.simultaneous.tooMany',
  'voice.forwarding.hours.invalid',
  'voice.forwarding.hours.order',
  'voice.forwarding.holidays.tooMany',
  'voice.forwarding.holidays.invalid',
  'voice.forwarding.holidays.duplicate',
  'voice.forwarding.rules.tooMany',
  'voice.forwarding.rules.duplicateId',
  'voice.guard.blocked.tooMany',
  'voice.guard.prefixes.tooMany',
  'voice.guard.allowed.tooMany',
  'voice.guard.blockedAndAllowed',
  'voice.simulator.at',
] as const satisfies readonly MessageId[];

const KNOWN: ReadonlySet<string> = new Set(FIELD_CODES);

/** A server field error's code as a message id; a code this build does not know reads as "check this field". */
function voiceFieldMessage(code: string): MessageId {
  return KNOWN.has(code) ? (code as MessageId) : 'ui.field.check';
}

/**
 * The field errors of a refused save by path (`body.noAnswer.to` → `noAnswer.to`, `body.holidays.2` → `holidays.2`),
 * each as a message id.
 */
export function fieldErrorsByPath(fields: readonly { path: string; code: string }[]): Record<string, MessageId> {
  const errors: Record<string, MessageId> = {};
  for (const field of fields) {
    const path = field.path.replace(/^body\./, '');
    errors[path] ??= voiceFieldMessage(field.code);
  }
  return errors;
}
