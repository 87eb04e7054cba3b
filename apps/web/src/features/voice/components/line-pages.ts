/**
 * The voice manager's line pages (issue 19 items 5-8) as one lazy module, so that they share one chunk and one message
 * slice (build/message-slices.ts): a person who opens one usually goes on to another.
 */
export { CallGuardPage } from './call-guard-page';
export { CallLogsPage } from './call-logs-page';
export { CallForwardingPage, ForwardingManagerPage } from './forwarding-page';
export { ManageLinesPage } from './manage-lines-page';
export { PhonePage } from './phone-page';
export { VoiceVersionPage } from './version-page';
