import { type AuditAction, type AuditArea, type AuditEntry, type AuditResult, type PortalRole } from '@vireo/shared';
import type { DateRangeMessages } from '../../../lib/date-range';
import type { MessageId } from '../../../messages';

/**
 * The audit log's codes in words (issue 18 item 6: no raw codes or ids shown), one for each of AUDIT_ACTIONS. An
 * action this build does not know yet (a later area's, from a newer server) reads "Other change", with its area.
 */
const ACTIONS: Record<AuditAction, MessageId> = {
  'payment.submitted': 'auditLog.action.paymentSubmitted',
  'payment.scheduled': 'auditLog.action.paymentScheduled',
  'payment.scheduled_edited': 'auditLog.action.paymentScheduledEdited',
  'payment.cancelled': 'auditLog.action.paymentCancelled',
  'payment.processing': 'auditLog.action.paymentProcessing',
  'payment.pending': 'auditLog.action.paymentPending',
  'payment.successful': 'auditLog.action.paymentSuccessful',
  'payment.failed': 'auditLog.action.paymentFailed',
  'payment.returned': 'auditLog.action.paymentReturned',
  'quick_pay.opened': 'auditLog.action.quickPayOpened',
  'autopay.enrolled': 'auditLog.action.autopayEnrolled',
  'autopay.method_changed': 'auditLog.action.autopayMethodChanged',
  'autopay.date_changed': 'auditLog.action.autopayDateChanged',
  'autopay.cancelled': 'auditLog.action.autopayCancelled',
  'paperless.enrolled': 'auditLog.action.paperlessEnrolled',
  'paperless.unenrolled': 'auditLog.action.paperlessUnenrolled',
  'payment_method.added': 'auditLog.action.paymentMethodAdded',
  'payment_method.edited': 'auditLog.action.paymentMethodEdited',
  'payment_method.deleted': 'auditLog.action.paymentMethodDeleted',
  'pay_link.created': 'auditLog.action.payLinkCreated',
  'pay_link.revoked': 'auditLog.action.payLinkRevoked',
  'pay_link.used': 'auditLog.action.payLinkUsed',
  'user.registered': 'auditLog.action.userRegistered',
  'user.invited': 'auditLog.action.userInvited',
  'user.invitation_accepted': 'auditLog.action.userInvitationAccepted',
  'user.invitation_resent': 'auditLog.action.userInvitationResent',
  'user.invitation_deleted': 'auditLog.action.userInvitationDeleted',
  'user.role_changed': 'auditLog.action.userRoleChanged',
  'user.access_changed': 'auditLog.action.userAccessChanged',
  'user.access_ended': 'auditLog.action.userAccessEnded',
  'user.deactivated': 'auditLog.action.userDeactivated',
  'user.reactivated': 'auditLog.action.userReactivated',
  'user.removed': 'auditLog.action.userRemoved',
  'user.primary_transferred': 'auditLog.action.userPrimaryTransferred',
  'user.reset_requested': 'auditLog.action.userResetRequested',
  'user.password_reset': 'auditLog.action.userPasswordReset',
  'registration.started': 'auditLog.action.registrationStarted',
  'registration.code_refused': 'auditLog.action.registrationCodeRefused',
  'passkey.added': 'auditLog.action.passkeyAdded',
  'passkey.renamed': 'auditLog.action.passkeyRenamed',
  'passkey.removed': 'auditLog.action.passkeyRemoved',
  'session.signed_in': 'auditLog.action.signedIn',
  'session.signed_in_passkey': 'auditLog.action.signedInPasskey',
  'session.confirmed': 'auditLog.action.sessionConfirmed',
  'mobile.restored': 'auditLog.action.mobileRestored',
  'service.restored': 'auditLog.action.serviceRestored',
  'subscription.cancelled': 'auditLog.action.subscriptionCancelled',
  // issue 19: services and equipment
  'equipment.renamed': 'auditLog.action.equipmentRenamed',
  'equipment.restarted': 'auditLog.action.equipmentRestarted',
  'equipment.restart_failed': 'auditLog.action.equipmentRestartFailed',
  'self_install.step_completed': 'auditLog.action.selfInstallStepCompleted',
  'self_install.step_failed': 'auditLog.action.selfInstallStepFailed',
  'self_install.wifi_set': 'auditLog.action.selfInstallWifiSet',
  'speed_test.recorded': 'auditLog.action.speedTestRecorded',
  'service.changed': 'auditLog.action.serviceChanged',
  'voicemail.heard': 'auditLog.action.voicemailHeard',
  'voicemail.unheard': 'auditLog.action.voicemailUnheard',
  'voicemail.deleted': 'auditLog.action.voicemailDeleted',
  'voicemail.restored': 'auditLog.action.voicemailRestored',
  'voice_line.updated': 'auditLog.action.voiceLineUpdated',
  'forwarding.changed': 'auditLog.action.forwardingChanged',
  'call_guard.changed': 'auditLog.action.callGuardChanged',
  'appointment.confirmed': 'auditLog.action.appointmentConfirmed',
  'appointment.rescheduled': 'auditLog.action.appointmentRescheduled',
  'outage_callback.subscribed': 'auditLog.action.outageCallbackSubscribed',
  'outage_callback.unsubscribed': 'auditLog.action.outageCallbackUnsubscribed',
  'outage_credit.requested': 'auditLog.action.outageCreditRequested',
  'support_ticket.created': 'auditLog.action.supportTicketCreated',
  'unit.access_suspended': 'auditLog.action.unitAccessSuspended',
  'unit.access_restored': 'auditLog.action.unitAccessRestored',
  'unit.wifi_sent': 'auditLog.action.unitWifiSent',
  'unit.resident_updated': 'auditLog.action.unitResidentUpdated',
  'unit.next_resident_set': 'auditLog.action.unitNextResidentSet',
  'unit.moved_in': 'auditLog.action.unitMovedIn',
  'unit.moved_out': 'auditLog.action.unitMovedOut',
  'unit.residents_imported': 'auditLog.action.unitResidentsImported',
  // issue 22 item 5: a property's business hours, contacts and contact preferences
  'business_hours.changed': 'auditLog.action.businessHoursChanged',
  'hours_exception.added': 'auditLog.action.hoursExceptionAdded',
  'hours_exception.changed': 'auditLog.action.hoursExceptionChanged',
  'hours_exception.removed': 'auditLog.action.hoursExceptionRemoved',
  'property_contact.added': 'auditLog.action.propertyContactAdded',
  'property_contact.changed': 'auditLog.action.propertyContactChanged',
  'property_contact.removed': 'auditLog.action.propertyContactRemoved',
  'contact_preferences.changed': 'auditLog.action.contactPreferencesChanged',
  'appointment.cancelled': 'auditLog.action.appointmentCancelled',
  // issue 18 item 1: Profile & Settings
  'profile.updated': 'auditLog.action.profileUpdated',
  'profile.language_changed': 'auditLog.action.profileLanguageChanged',
  'profile.email_change_requested': 'auditLog.action.profileEmailChangeRequested',
  'profile.email_changed': 'auditLog.action.profileEmailChanged',
  'company.updated': 'auditLog.action.companyUpdated',
  'notifications.changed': 'auditLog.action.notificationsChanged',
  'privacy.usage_changed': 'auditLog.action.privacyUsageChanged',
  'privacy.events_deleted': 'auditLog.action.privacyEventsDeleted',
  // issue 17: security
  'password.changed': 'auditLog.action.passwordChanged',
  'session.ended': 'auditLog.action.sessionEnded',
  'session.ended_others': 'auditLog.action.sessionEndedOthers',
  'security.not_me': 'auditLog.action.securityNotMe',
};

export function actionMessage(action: string): MessageId {
  return ACTIONS[action as AuditAction] ?? 'auditLog.action.other';
}

export const AREA_MESSAGES: Record<AuditArea, MessageId> = {
  payments: 'auditLog.area.payments',
  autopay: 'auditLog.area.autopay',
  wallet: 'auditLog.area.wallet',
  paperless: 'auditLog.area.paperless',
  pay_links: 'auditLog.area.payLinks',
  users: 'auditLog.area.users',
  security: 'auditLog.area.security',
  profile: 'auditLog.area.profile',
  services: 'auditLog.area.services',
  voice: 'auditLog.area.voice',
  appointments: 'auditLog.area.appointments',
  outages: 'auditLog.area.outages',
  support: 'auditLog.area.support',
  community: 'auditLog.area.community',
  account: 'auditLog.area.account',
};

export const ROLE_MESSAGES: Record<PortalRole, MessageId> = {
  PRIMARY: 'auditLog.role.primary',
  ADMIN: 'auditLog.role.admin',
  BILLING: 'auditLog.role.billing',
  STANDARD: 'auditLog.role.standard',
};

export const RESULT_MESSAGES: Record<AuditResult, MessageId> = {
  succeeded: 'auditLog.result.succeeded',
  failed: 'auditLog.result.failed',
};

/** Who acted, named: the user as they were then, else "Guest" (Quick Pay, pay links) or "Vireo" (jobs). */
export function actorMessage(actor: AuditEntry['actor']): { name: string } | { id: MessageId } {
  if (actor.kind === 'guest') return { id: 'auditLog.actor.guest' };
  if (actor.kind === 'system') return { id: 'auditLog.actor.system' };
  return actor.name ? { name: actor.name } : { id: 'auditLog.actor.formerUser' };
}

/** The audit log filter's words for a range refused (lib/date-range.ts checks it). */
export const AUDIT_RANGE_MESSAGES: DateRangeMessages = {
  invalidDate: 'auditLog.filter.errors.invalidDate',
  order: 'auditLog.filter.errors.order',
};
