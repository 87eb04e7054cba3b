import { CARD_DECLINE_PAUSE_MINUTES } from '@vireo/shared';
import type { MessageId } from '../../messages';

// Its own module, apart from api-errors.ts (used by every payment chunk): its messages come only with the panels
// that show them (build/message-slices.ts takes every message id a kept module names).

/** Issue 14 item 11: declines in a row slowed, then paused, the account's card and bank attempts (429). */
export const CARD_ATTEMPT_FAILURES: Partial<
  Record<string, { titleId: MessageId; bodyId: MessageId; values?: Record<string, number> }>
> = {
  CARD_ATTEMPTS_SLOWED: {
    titleId: 'payments.errors.cardAttempts.title',
    bodyId: 'payments.errors.cardAttemptsSlowed.body',
  },
  CARD_ATTEMPTS_PAUSED: {
    titleId: 'payments.errors.cardAttempts.title',
    bodyId: 'payments.errors.cardAttemptsPaused.body',
    values: { minutes: CARD_DECLINE_PAUSE_MINUTES },
  },
};
