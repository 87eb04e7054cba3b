import type { MobileOrderStatusSchema } from '@vireo/shared';
import type { z } from 'zod';
import type { MessageId } from '../../../messages';

export const ORDER_STATUS_NAMES: Record<z.infer<typeof MobileOrderStatusSchema>, MessageId> = {
  processing: 'mobile.orders.status.processing',
  shipped: 'mobile.orders.status.shipped',
  delivered: 'mobile.orders.status.delivered',
  cancelled: 'mobile.orders.status.cancelled',
  returned: 'mobile.orders.status.returned',
};
