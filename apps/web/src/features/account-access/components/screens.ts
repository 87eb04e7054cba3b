/**
 * The open doors' screens as one lazy entry (route-table.ts imports each from here): one chunk and one message slice
 * per language for the whole area, instead of four slices that each repeat the password meter's, the links' and the
 * refusals' messages (ADR 012, amendment of issue 17). A visitor on one door usually goes on to another.
 */
export { AccountRecoveryPage } from './account-recovery-page';
export { CreateAccountPage } from './create-account-page';
export { CreateSubAccountPage } from './create-sub-account-page';
export { VerifyLinkPage } from './verify-link-page';
