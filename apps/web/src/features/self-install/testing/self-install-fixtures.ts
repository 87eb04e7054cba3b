import { SELF_INSTALL_KIT_PATH, type SelfInstallKit } from '@vireo/shared';

/** A kit shipped and not yet activated, as the server answers it (the page tests' starting point). */
export const KIT: SelfInstallKit = {
  model: 'Vireo DOCSIS 3.1 Business Gateway',
  identifier: '••:••:••:••:4A:1F',
  shippedAt: '2026-11-18T15:00:00.000Z',
  installType: 'portal',
  stage: 'shipped',
  failure: null,
  needsHelp: false,
  wifiName: null,
  activatedAt: null,
  canActivate: true,
};

export const GET_KIT = `GET ${SELF_INSTALL_KIT_PATH}`;
