import { z } from 'zod';
import { CARD_NUMBER_IN_TEXT, containsCardNumber } from '../rules/card-number';

/**
 * The OpenAPI marker of a free-text field: `security/free-text-fields.test.ts` walks the API's document and fails on a
 * string input that is neither marked nor a declared formatted field, so a new free-text field cannot skip the rule.
 */
export const FREE_TEXT_MARKER = 'x-vireo-free-text';

/**
 * Every string a person types that is not a card or account number by design: trimmed, `min` to `max` characters, and
 * never holding a card number (issue 14 item 6: one shared rule, `validateFreeText`). A refusal is 400
 * VALIDATION_FAILED with the field's code `text.cardNumberRefused` (the error handler reads it from the issue).
 */
export function freeText(options: { max: number; min?: number }) {
  return refusingCardNumbers(
    z
      .string()
      // as sent, at most `max` too: blanks do not pad past it
      .max(options.max)
      .trim()
      .min(options.min ?? 1)
      .max(options.max),
  );
}

/**
 * `schema` under the card-number rule: a text holding a card number is refused with `text.cardNumberRefused`, and the
 * field is marked free text for the OpenAPI walk and the card-number fuzzing. `freeText()` is built on it, and so are
 * the patterned strings a client sends that no person types (analytics' paths, codes and trace ids).
 */
export function refusingCardNumbers(schema: z.ZodString) {
  return schema
    .refine((text) => !containsCardNumber(text), {
      message: 'A card number is not accepted in free text',
      params: { fieldCode: CARD_NUMBER_IN_TEXT },
    })
    .meta({ [FREE_TEXT_MARKER]: true });
}
