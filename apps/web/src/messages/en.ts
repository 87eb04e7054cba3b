import accountAccess from './account-access/en.json';
import analyticsViewer from './analytics-viewer/en.json';
import appointments from './appointments/en.json';
import auditLog from './audit-log/en.json';
import autopay from './autopay/en.json';
import billing from './billing/en.json';
import community from './community/en.json';
import core from './core/en.json';
import mailbox from './mailbox/en.json';
import mobile from './mobile/en.json';
import notifications from './notifications/en.json';
import outages from './outages/en.json';
import payLinks from './pay-links/en.json';
import payments from './payments/en.json';
import privacy from './privacy/en.json';
import profile from './profile/en.json';
import propertySettings from './property-settings/en.json';
import security from './security/en.json';
import selfInstall from './self-install/en.json';
import services from './services/en.json';
import session from './session/en.json';
import speedTest from './speed-test/en.json';
import styleGuide from './style-guide/en.json';
import support from './support/en.json';
import techAmenities from './tech-amenities/en.json';
import users from './users/en.json';
import voice from './voice/en.json';
import wallet from './wallet/en.json';

/**
 * The English catalog: the core messages (the frame, the shared components, the pages of app/) and each feature's
 * own catalog (messages/<feature>/en.json, the keys of its prefixes). Its keys are the message ids (index.ts).
 */
export default {
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
