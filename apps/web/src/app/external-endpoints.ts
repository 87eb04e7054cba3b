import type { PortalEnv } from '@vireo/shared';

/**
 * spec §2.1: with self-install off and traffic redirect off, a page outside the whitelist sends the user to an
 * external self-install endpoint chosen per environment. The real hosts are not shown in the spec; these
 * placeholders (reserved `.example` names) are the one place to change them.
 */
export const SELF_INSTALL_EXTERNAL_URL: Readonly<Record<PortalEnv, string>> = {
  dev: 'https://selfinstall.dev.vireo.example/business',
  qa: 'https://selfinstall.qa.vireo.example/business',
  engprod: 'https://selfinstall.engprod.vireo.example/business',
  stage: 'https://selfinstall.stage.vireo.example/business',
  prod: 'https://selfinstall.vireo.example/business',
  uat: 'https://selfinstall.uat.vireo.example/business',
  ephemeral: 'https://selfinstall.ephemeral.vireo.example/business',
  docker: 'https://selfinstall.docker.vireo.example/business',
  mock: 'https://selfinstall.mock.vireo.example/business',
};
