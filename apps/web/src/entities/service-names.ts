import type { SERVICE_KEYS } from '@vireo/shared';
import type { MessageId } from '../messages';

/**
 * A service's name as every page says it (the services page, the community portfolio): one list, the services
 * catalog's `services.service.*` words.
 */
export const SERVICE_NAMES: Record<(typeof SERVICE_KEYS)[number], MessageId> = {
  INTERNET: 'services.service.internet',
  VIDEO: 'services.service.tv',
  VOICE: 'services.service.phone',
  EMAIL: 'services.service.email',
  SECURITY: 'services.service.security',
  BACKUP: 'services.service.backup',
  DOMAIN: 'services.service.domain',
  WEB_HOSTING: 'services.service.webHosting',
  ETHERNET: 'services.service.ethernet',
  LAYER_3_VPN: 'services.service.vpn',
  OPTICAL_WAVE: 'services.service.opticalWave',
};
