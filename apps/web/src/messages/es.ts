import accountAccess from './account-access/es.json';
import analyticsViewer from './analytics-viewer/es.json';
import appointments from './appointments/es.json';
import auditLog from './audit-log/es.json';
import autopay from './autopay/es.json';
import billing from './billing/es.json';
import community from './community/es.json';
import core from './core/es.json';
import type { Messages } from './index';
import mailbox from './mailbox/es.json';
import mobile from './mobile/es.json';
import notifications from './notifications/es.json';
import outages from './outages/es.json';
import payLinks from './pay-links/es.json';
import payments from './payments/es.json';
import privacy from './privacy/es.json';
import profile from './profile/es.json';
import propertySettings from './property-settings/es.json';
import security from './security/es.json';
import selfInstall from './self-install/es.json';
import services from './services/es.json';
import session from './session/es.json';
import speedTest from './speed-test/es.json';
import styleGuide from './style-guide/es.json';
import support from './support/es.json';
import techAmenities from './tech-amenities/es.json';
import users from './users/es.json';
import voice from './voice/es.json';
import wallet from './wallet/es.json';

/** The Spanish catalog, the same files as en.ts; typed, so a missing key does not compile. */
const es: Messages = {
  ...core,
  ...accountAccess,
  ...analyticsViewer,
  ...appointments,
  ...auditLog,
  ...autopay,
  ...billing,
  ...community,
  ...mailbox,
  ...mobile,
  ...notifications,
  ...outages,
  ...payLinks,
  ...payments,
  ...privacy,
  ...security,
  ...selfInstall,
  ...services,
  ...session,
  ...speedTest,
  ...styleGuide,
  ...support,
  ...techAmenities,
  ...users,
  ...voice,
  ...wallet,
  ...profile,
  ...propertySettings,
};
export default es;
