import type { MobileLineState } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/** A mobile line's status as the lines list shows it. */
export const LINE_STATUS_NAMES: Record<MobileLineState, MessageId> = {
  active: 'mobile.lineStatus.active',
  past_due: 'mobile.lineStatus.pastDue',
  hotlined: 'mobile.lineStatus.hotlined',
  temporarily_disconnected: 'mobile.lineStatus.temporarilyDisconnected',
  disconnected: 'mobile.lineStatus.disconnected',
};

/**
 * spec §4 mobile delinquency (product-decisions.md: past due → hotlined at 30 days → temporarily disconnected at 45 →
 * disconnected at 90): what the mobile billing home says in each state. Nothing while the lines are active.
 */
export const DELINQUENCY_MESSAGES: Record<
  Exclude<MobileLineState, 'active'>,
  { titleId: MessageId; bodyId: MessageId }
> = {
  past_due: { titleId: 'mobile.state.pastDue.title', bodyId: 'mobile.state.pastDue.body' },
  hotlined: { titleId: 'mobile.state.hotlined.title', bodyId: 'mobile.state.hotlined.body' },
  temporarily_disconnected: {
    titleId: 'mobile.state.temporarilyDisconnected.title',
    bodyId: 'mobile.state.temporarilyDisconnected.body',
  },
  disconnected: { titleId: 'mobile.state.disconnected.title', bodyId: 'mobile.state.disconnected.body' },
};
