import {
  LEASE_DATE_OUT_OF_RANGE,
  MOVE_OUT_BEFORE_MOVE_IN,
  MOVE_OUT_PAST,
  PHONE_INVALID_CODE,
  RESIDENT_OVERLAPS_CURRENT,
  RESIDENT_OVERLAPS_NEXT,
} from '@vireo/shared';
import type { MessageId } from '../../../messages';

/** A resident's fields, as the form and the import's report name them. */
export const RESIDENT_FIELDS = ['name', 'email', 'phone', 'moveIn', 'moveOut'] as const;
export type ResidentField = (typeof RESIDENT_FIELDS)[number];

/** The fields' labels. */
export const RESIDENT_FIELD_LABELS: Record<ResidentField, MessageId> = {
  name: 'community.resident.name',
  email: 'community.resident.email',
  phone: 'community.resident.phone',
  moveIn: 'community.resident.moveIn',
  moveOut: 'community.resident.moveOut',
};

/** The server's field codes of a resident in words (its other codes: the field's general words, below). */
export const RESIDENT_CODES: Record<string, MessageId> = {
  [PHONE_INVALID_CODE]: 'community.resident.phone.invalid',
  [MOVE_OUT_BEFORE_MOVE_IN]: 'community.resident.moveOut.beforeMoveIn',
  [MOVE_OUT_PAST]: 'community.resident.moveOut.past',
  [LEASE_DATE_OUT_OF_RANGE]: 'community.resident.date.outOfRange',
  [RESIDENT_OVERLAPS_CURRENT]: 'community.resident.moveIn.overlapsCurrent',
  [RESIDENT_OVERLAPS_NEXT]: 'community.resident.moveOut.overlapsNext',
  // the shared CARD_NUMBER_IN_TEXT code, written out: importing it brings the card-number rules into this chunk
  'text.cardNumberRefused': 'text.cardNumberRefused',
};

/** A field's general words for a refusal the server names with another code. */
export const RESIDENT_FALLBACK: Record<ResidentField, MessageId> = {
  name: 'community.resident.name.required',
  email: 'community.resident.email.invalid',
  phone: 'community.resident.phone.invalid',
  moveIn: 'community.resident.date.invalid',
  moveOut: 'community.resident.date.invalid',
};
