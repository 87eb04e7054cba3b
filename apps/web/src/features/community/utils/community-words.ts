import type { UnitAccess, UnitOccupancy } from '@vireo/shared';
import type { MessageId } from '../../../messages';

export const OCCUPANCY_NAMES: Record<UnitOccupancy, MessageId> = {
  occupied: 'community.occupancy.occupied',
  vacant: 'community.occupancy.vacant',
};

/** A unit's service access as a status badge: its words and its colours (the kit's BADGE). */
export const ACCESS_BADGES: Record<UnitAccess, { id: MessageId; className: string }> = {
  active: { id: 'community.access.active', className: 'border-brand-700/40 bg-brand-50 text-brand-800' },
  suspended: { id: 'community.access.suspended', className: 'border-danger-700/40 bg-danger-50 text-danger-700' },
  inactive: { id: 'community.access.inactive', className: 'border-line-strong bg-surface-muted text-ink' },
};
