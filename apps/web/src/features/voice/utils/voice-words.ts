import type { BlockReason, ScheduleWhen } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/** Why Call Guard blocked a call, in words (a call log row, the recent blocked calls). */
export const BLOCK_REASON_MESSAGES: Record<BlockReason, MessageId> = {
  blocked_number: 'voice.calls.reason.blockedNumber',
  blocked_prefix: 'voice.calls.reason.blockedPrefix',
  anonymous: 'voice.calls.reason.anonymous',
  spam: 'voice.calls.reason.spam',
};

/** When a schedule rule applies, in words (the rules editor, the simulator's "Rule 2 applies: after hours"). */
export const SCHEDULE_WHEN_MESSAGES: Record<ScheduleWhen, MessageId> = {
  business_hours: 'voice.schedule.when.businessHours',
  after_hours: 'voice.schedule.when.afterHours',
  holiday: 'voice.schedule.when.holiday',
  always: 'voice.schedule.when.always',
};
