import cookie from '@fastify/cookie';
import {
  AppError,
  detectVariant,
  isApiPath,
  type PortalEnv,
  type PortalVariant,
  supportCodeOf,
  TRACE_HEADER,
} from '@vireo/shared';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { createDueWork } from './background';
import { type Config, isProduction } from './config';
import type { Database } from './db/client';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { createAlertsService } from './modules/alerts/alerts.service';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsDevRoutes, analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { createAppointmentsService } from './modules/appointments/appointments.service';
import { trackingRoutes } from './modules/appointments/tracking.routes';
import { createTrackingService } from './modules/appointments/tracking.service';
import { createVisitReminders } from './modules/appointments/visit-reminders';
import { createAuditLogRepository } from './modules/audit-log/audit-log.repository';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { createAuditLogService } from './modules/audit-log/audit-log.service';
import { createAutoPayRepository } from './modules/autopay/autopay.repository';
import { autopayRoutes } from './modules/autopay/autopay.routes';
import { createAutoPayService } from './modules/autopay/autopay.service';
import { createBillingRepository } from './modules/billing/billing.repository';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { BILL_READY_JOB, billReadyHandler } from './modules/billing/billing-notices';
import { billingSystemDevRoutes, createBillingSystem } from './modules/billing-system/billing-system';
import { createBulkBilling } from './modules/billing-system/bulk-billing';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { clockRoutes } from './modules/clock/clock.routes';
import { createCommunityRepository } from './modules/community/community.repository';
import { communityRoutes } from './modules/community/community.routes';
import { createCommunityService } from './modules/community/community.service';
import { MOVE_IN_JOB, MOVE_OUT_JOB } from './modules/community/lease-jobs';
import { createResidentImport } from './modules/community/resident-import';
import { createUnitChanges } from './modules/community/unit-changes';
import { createDispatch, dispatchDevRoutes } from './modules/dispatch/dispatch';
import { flagsDevRoutes, flagsRoutes } from './modules/flags/flags.routes';
import { createFlagsService } from './modules/flags/flags.service';
import { graphqlRoutes } from './modules/graphql/graphql.routes';
import { createAccessRepository } from './modules/identity/access.repository';
import { accountAccessRoutes } from './modules/identity/account-access.routes';
import { createAccountAccessService } from './modules/identity/account-access.service';
import { createEmailLinks } from './modules/identity/email-links';
import { createIdentityRepository } from './modules/identity/identity.repository';
import { identityRoutes } from './modules/identity/identity.routes';
import { createIdentityService } from './modules/identity/identity.service';
import { createInvitationsService } from './modules/identity/invitations.service';
import { memberRoutes } from './modules/identity/member.routes';
import { createIssuer, ISSUER_PREFIX, mountIssuer } from './modules/identity/oidc-issuer';
import { createPasskeysRepository } from './modules/identity/passkeys.repository';
import { passkeysRoutes } from './modules/identity/passkeys.routes';
import { createPasskeysService } from './modules/identity/passkeys.service';
import { type IdentitySecrets, loadIdentitySecrets } from './modules/identity/secrets';
import { createSecurityRepository } from './modules/identity/security.repository';
import { securityRoutes } from './modules/identity/security.routes';
import { createSecurityService } from './modules/identity/security.service';
import { createMailboxRepository } from './modules/mailbox/mailbox.repository';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { createMailboxService } from './modules/mailbox/mailbox.service';
import { metaRoutes } from './modules/meta/meta.routes';
import { createMobileRepository } from './modules/mobile/mobile.repository';
import { mobileRoutes } from './modules/mobile/mobile.routes';
import { createMobileService } from './modules/mobile/mobile.service';
import { createNetworkOps, networkOpsDevRoutes, placeKey } from './modules/network-ops/network-ops';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOutageCareRepository } from './modules/outage-care/outage-care.repository';
import { outageCareRoutes } from './modules/outage-care/outage-care.routes';
import { createOutageCareService } from './modules/outage-care/outage-care.service';
import { createRestoreNotices } from './modules/outage-care/restore-notices';
import { outagesRoutes } from './modules/outages/outages.routes';
import { createOutagesService } from './modules/outages/outages.service';
import { partnerLocationRoutes } from './modules/partner-location/partner-location.routes';
import { createPartnerLocationService } from './modules/partner-location/partner-location.service';
import { createPaymentServices } from './modules/payments/payment-services';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { type CardTestingGuard, createCardTestingGuard } from './modules/pci-edge/card-testing';
import { pciEdgeRoutes } from './modules/pci-edge/pci-edge.routes';
import { createPciEdgeService } from './modules/pci-edge/pci-edge.service';
import { createVault } from './modules/pci-edge/vault';
import { loadVaultKeys } from './modules/pci-edge/vault-keys';
import { processorDevRoutes } from './modules/processor/processor.routes';
import { createSimulatedProcessor } from './modules/processor/simulated-processor';
import { createProfileRepository } from './modules/profile/profile.repository';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createBusinessHoursService } from './modules/property-settings/business-hours.service';
import { createPropertyContactsService } from './modules/property-settings/property-contacts.service';
import { createPropertyNotices } from './modules/property-settings/property-notices';
import { createPropertySettingsRepository } from './modules/property-settings/property-settings.repository';
import { propertySettingsRoutes } from './modules/property-settings/property-settings.routes';
import { createSiteAccess } from './modules/property-settings/site-access';
import { createPropertyScheduleDay } from './modules/property-settings/voice-hours';
import { createProvisioning, provisioningDevRoutes } from './modules/provisioning/provisioning';
import { createPayLinksRepository } from './modules/quick-pay/pay-links.repository';
import { createPayLinksService } from './modules/quick-pay/pay-links.service';
import { createQuickPayRepository } from './modules/quick-pay/quick-pay.repository';
import { quickPayRoutes } from './modules/quick-pay/quick-pay.routes';
import { createQuickPayService } from './modules/quick-pay/quick-pay.service';
import { createSelfInstallRepository } from './modules/self-install/self-install.repository';
import { selfInstallRoutes } from './modules/self-install/self-install.routes';
import { createSelfInstallService } from './modules/self-install/self-install.service';
import { changeOfServiceRoutes } from './modules/services/change-of-service.routes';
import { createChangeOfServiceService } from './modules/services/change-of-service.service';
import { createServicesRepository } from './modules/services/services.repository';
import { servicesRoutes } from './modules/services/services.routes';
import { createServicesService } from './modules/services/services.service';
import { createSpeedTestRepository } from './modules/speed-test/speed-test.repository';
import { speedTestRoutes } from './modules/speed-test/speed-test.routes';
import { createSpeedTestService } from './modules/speed-test/speed-test.service';
import { createSupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { createTicketsRepository } from './modules/support/tickets.repository';
import { ticketsRoutes } from './modules/support/tickets.routes';
import { createTicketsService } from './modules/support/tickets.service';
import { troubleshootingRoutes } from './modules/support/troubleshooting.routes';
import { createTroubleshootingService } from './modules/support/troubleshooting.service';
import { createContractNotices } from './modules/tech-amenities/contract-notices';
import { createMonthlyBulkBills, createRampActivationRecords } from './modules/tech-amenities/monthly-bills';
import { createTechAmenitiesRepository } from './modules/tech-amenities/tech-amenities.repository';
import { techAmenitiesRoutes } from './modules/tech-amenities/tech-amenities.routes';
import { createTechAmenitiesService } from './modules/tech-amenities/tech-amenities.service';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createVoiceRepository } from './modules/voice/voice.repository';
import { voiceRoutes } from './modules/voice/voice.routes';
import { createVoiceService } from './modules/voice/voice.service';
import { voiceSettingsRoutes } from './modules/voice/voice-settings.routes';
import { createVoiceSettingsService } from './modules/voice/voice-settings.service';
import { createVoicePlatform, voicePlatformDevRoutes } from './modules/voice-platform/voice-platform';
import { createWalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { createCardExpiryNotices } from './modules/wallet/wallet-notices';
import { createAuditRepository } from './platform/audit';
import type { BillingClock, Clock } from './platform/clock';
import { createSmtpTransport } from './platform/email';
import { createIdempotencyStore } from './platform/idempotency';
import { createJobs, createJobsRepository } from './platform/jobs';
import { createOutboxRepository, EMAIL_DELIVERY_JOB, EMAIL_RETRY, emailDeliveryHandler } from './platform/outbox';
import { withRequest } from './platform/request-context';
import { type Access, authPlugin } from './plugins/auth';
import { cardDataGuardPlugin } from './plugins/card-data-guard';
import { errorHandlerPlugin, sendError } from './plugins/error-handler';
import { healthPlugin } from './plugins/health';
import { jsonBodyPlugin } from './plugins/json-body';
import { metricsPlugin } from './plugins/metrics';
import { createRecentLogLines } from './plugins/recent-log-lines';
import { maskCardNumbersInLogLine, REDACTED_LOG_PATHS, requestIdFor, traceIdFor } from './plugins/request-context';
import { securityPlugin, setSecurityHeadersWithoutHooks } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { swaggerPlugin } from './plugins/swagger';

export type AppDeps = {
  config: Config;
  database: Database;
  /** The billing clock; a plain `Clock` (tests) has no time-travel routes. */
  clock: Clock | BillingClock;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** The local operator's token for the dev controls (plugins/dev-control.ts); none: only sessions reach them. */
  devControlToken?: string;
};

async function createServices(deps: AppDeps, secrets: IdentitySecrets) {
  const { db } = deps.database;
  const { processor: processorConfig } = deps.config;
  // the vault asks the processor to check a new card's security code; the processor reads numbers from the vault
  const vault = createVault({
    db,
    clock: deps.clock,
    key: loadVaultKeys(deps.config),
    verifier: () => processor,
  });
  const processor = createSimulatedProcessor({
    db,
    clock: deps.clock,
    vault,
    faults: {
      latencyMs: processorConfig.latencyMs,
      mode: processorConfig.fault,
      rate: processorConfig.faultRate,
    },
  });
  const { clock } = deps;
  // the composition root: platform first, then each module with the repositories and services it is given
  const audit = createAuditRepository();
  const jobsRepository = createJobsRepository();
  const jobs = createJobs({ db, clock, repo: jobsRepository });
  // wider-portal.md §2: e-mail goes out over SMTP_URL, delivered by a job; without it, it stays in the outbox
  const { mail } = deps.config;
  const mailTransport = mail.smtpUrl
    ? createSmtpTransport({
        url: mail.smtpUrl,
        from: mail.from,
        messageIdDomain: new URL(deps.config.publicUrl).hostname,
      })
    : null;
  if (mailTransport) jobs.register(EMAIL_DELIVERY_JOB, emailDeliveryHandler(mailTransport), EMAIL_RETRY);
  const outbox = createOutboxRepository({
    brandName: deps.config.brandName,
    jobs: jobsRepository,
    delivers: mailTransport !== null,
  });
  const idempotency = createIdempotencyStore();
  const accessRepository = createAccessRepository();
  const emailLinks = createEmailLinks({ clock, repo: accessRepository, publicUrl: deps.config.publicUrl });
  // issue 18 item 4: every notice to a user goes through the user's notifications matrix; a security notice carries
  // a "This wasn't me" link of identity's (purpose not_me)
  // issue 22 item 5: a community property's contacts hear of what they were chosen for (its visits, the bill)
  const propertySettingsRepository = createPropertySettingsRepository();
  const techAmenitiesRepository = createTechAmenitiesRepository();
  const notifications = createNotificationsService({
    db,
    contactsFor: async (tx, accountId, notice, site) => {
      const chosen = await propertySettingsRepository.recipients(tx, notice, accountId);
      return site ? chosen.filter((contact) => placeKey(contact) === placeKey(site)) : chosen;
    },
    clock,
    repo: createNotificationsRepository(),
    audit,
    outbox,
    brandName: deps.config.brandName,
    notMeLink: async (tx, user) =>
      (
        await emailLinks.issueLink(tx, {
          purpose: 'not_me',
          userId: user.userId,
          // the account the audit entry of "This wasn't me" goes to (its audit log)
          accountId: user.accountId,
          email: user.email,
          data: {},
        })
      ).url,
  });
  const billingRepository = createBillingRepository();
  const billing = createBillingService({ db, clock, repo: billingRepository, jobs });
  // issue 18 item 4: "bill ready", when the billing run's statement becomes visible
  jobs.register(
    BILL_READY_JOB,
    billReadyHandler({ repo: billingRepository, notices: notifications, publicUrl: deps.config.publicUrl }),
  );
  const account = createAccountService({ db, billing, repo: createAccountRepository() });
  const networkOps = createNetworkOps();
  const provisioning = createProvisioning();
  const outageCareRepository = createOutageCareRepository();
  const voicePlatform = createVoicePlatform({ db, clock });
  const flags = createFlagsService({ db, clock });
  const dispatch = createDispatch({ db, clock });
  // issue 22 item 5: a community property's settings; its business hours narrow the visit windows at its address
  const siteAccess = createSiteAccess({ repo: propertySettingsRepository });
  const appointments = createAppointmentsService({ db, clock, dispatch, audit, siteAccess });
  const timeZoneOf = async (accountId: string) => {
    const found = await account.findById(db, accountId);
    if (!found) throw new AppError('NOT_FOUND', 'account');
    return found.timeZone;
  };
  const tracking = createTrackingService({
    db,
    clock,
    dispatch,
    appointments,
    secrets: secrets.cookieSecrets,
    timeZoneOf,
  });
  // issue 20 item 4: the day before a visit and when the technician sets off
  const visitReminders = createVisitReminders({
    db,
    clock,
    dispatch,
    notices: notifications,
    jobs,
    tracking,
    timeZoneOf,
    publicUrl: deps.config.publicUrl,
  });
  const servicesRepository = createServicesRepository();
  const servicesService = createServicesService({
    db,
    clock,
    repo: servicesRepository,
    accounts: account,
    networkOps,
    audit,
  });
  // issue 22 item 3: a community unit's access, resident and Wi-Fi details; the lease job's two kinds
  const communityRepository = createCommunityRepository();
  const unitChanges = createUnitChanges({
    db,
    clock,
    repo: communityRepository,
    audit,
    provisioning,
    outbox,
    jobs,
  });
  jobs.register(MOVE_IN_JOB, unitChanges.moveInHandler);
  jobs.register(MOVE_OUT_JOB, unitChanges.moveOutHandler);
  const outageCare = createOutageCareService({ db, clock, networkOps, billing, audit, repo: outageCareRepository });
  const alerts = createAlertsService({ db, clock, networkOps });
  // issue 23 item 2: the browser's analytics batches, the sender kept as pseudonyms under the signing secret
  const analytics = createAnalyticsService({
    db,
    clock,
    repo: createAnalyticsRepository(),
    audit,
    secret: secrets.cookieSecrets[0] as string,
  });
  const speedTest = createSpeedTestService({
    db,
    clock,
    repo: createSpeedTestRepository(),
    services: servicesService,
    audit,
  });
  const voiceRepository = createVoiceRepository();
  const walletRepository = createWalletRepository();
  const wallet = createWalletService({
    db,
    clock,
    vault,
    repo: walletRepository,
    accounts: account,
    audit,
    idempotency,
  });
  // issue 18 item 4: "card expiring", in the background work
  const cardExpiry = createCardExpiryNotices({
    db,
    clock,
    repo: walletRepository,
    notices: notifications,
    jobs,
    publicUrl: deps.config.publicUrl,
  });
  const { payments, scheduledPayments, settlement } = createPaymentServices({
    db,
    clock,
    billing,
    vault,
    processor,
    brandName: deps.config.brandName,
    repo: createPaymentsRepository(),
    wallet,
    accounts: account,
    audit,
    outbox,
    notices: notifications,
    jobs,
    idempotency,
  });
  const billingSystem = createBillingSystem();
  // issue 22 item 6: the billing engine's bulk billing (simulated): the ramp ledger reads it, the pass bills each month
  const bulkBilling = createBulkBilling({ billingSystem });
  const autopay = createAutoPayService({
    db,
    clock,
    billing,
    payments,
    billingSystem,
    wallet,
    accounts: account,
    audit,
    notices: notifications,
    jobs,
    repo: createAutoPayRepository(),
    idempotency,
    publicUrl: deps.config.publicUrl,
  });
  const mobile = createMobileService({
    db,
    clock,
    billing,
    payments,
    billingSystem,
    autopay,
    accounts: account,
    audit,
    repo: createMobileRepository(),
  });
  const checkout = createCheckoutService({ payments, autopay });
  // issue 17 item 6: Quick Pay's guests pay through the payments engine; the vault's guest door asks it for the account
  // issue 17 item 7: pay links open Quick Pay, and admit its payments within their limits
  const payLinks = createPayLinksService({
    db,
    clock,
    repo: createPayLinksRepository(),
    audit,
    outbox,
    publicUrl: deps.config.publicUrl,
    brandName: deps.config.brandName,
  });
  const quickPay = createQuickPayService({
    db,
    clock,
    repo: createQuickPayRepository(),
    accounts: account,
    payments,
    payLinks,
    audit,
  });
  // issue 18 item 6: the customer-visible audit log, and its retention in the background work
  const auditLog = createAuditLogService({ db, clock, repo: createAuditLogRepository() });
  const invitations = createInvitationsService({
    db,
    clock,
    repo: accessRepository,
    outbox,
    audit,
    publicUrl: deps.config.publicUrl,
  });
  // issue 18 item 1: the user's own profile, the contact e-mail change (a link of identity's) and the company details
  const profile = createProfileService({
    db,
    clock,
    repo: createProfileRepository(),
    audit,
    outbox,
    notices: notifications,
    issueLink: emailLinks.issueLink,
    publicUrl: deps.config.publicUrl,
  });
  // issue 18 item 5: users and roles; invitations through the identity module's
  const users = createUsersService({
    db,
    clock,
    repo: createUsersRepository(),
    audit,
    invitations,
    endSessions: accessRepository.revokeSessions,
    notices: notifications,
    publicUrl: deps.config.publicUrl,
  });
  const identity = await createIdentityService({
    db,
    clock,
    cache: deps.database.cache,
    audit,
    repo: createIdentityRepository(),
  });
  return {
    auditLog,
    billing,
    account,
    checkout,
    identity,
    // issue 18 item 2: the user's own sessions and password
    security: createSecurityService({
      db,
      clock,
      repo: createSecurityRepository(),
      identity,
      audit,
      notices: notifications,
      publicUrl: deps.config.publicUrl,
    }),
    // issue 18 item 2: the user's own passkeys, and signing in with one (ADR 029)
    passkeys: createPasskeysService({
      db,
      clock,
      repo: createPasskeysRepository(),
      audit,
      notices: notifications,
      publicUrl: deps.config.publicUrl,
      proveSession: identity.proveSession,
    }),
    accountAccess: createAccountAccessService({
      db,
      clock,
      repo: accessRepository,
      accounts: account,
      outbox,
      notices: notifications,
      audit,
      publicUrl: deps.config.publicUrl,
      emailChanges: profile,
    }),
    profile,
    notifications,
    invitations,
    users,
    flags,
    vault,
    processor,
    pciEdge: createPciEdgeService({
      db,
      guests: quickPay,
      vault,
      processor,
      savedMethods: wallet.methods,
      accounts: account,
    }),
    quickPay,
    payLinks,
    payments,
    scheduledPayments,
    settlement,
    jobs,
    billingSystem,
    networkOps,
    autopay,
    wallet,
    mobile,
    // issue 19 item 1: services and equipment
    services: servicesService,
    // issue 19 item 2: change of service, previewed and billed by the billing engine
    changeOfService: createChangeOfServiceService({
      db,
      clock,
      repo: servicesRepository,
      accounts: account,
      billing,
      audit,
      idempotency,
    }),
    // issue 20 items 1-2: the simulated dispatch system and the technician visits over it
    dispatch,
    appointments,
    // issue 20 item 3: a visit by its tracking link, without sign-in
    tracking,
    // issue 20 item 6: network operations' outages and maintenance at the account's service address
    alerts,
    // issue 20 item 5: the outage map's events and address check, for anyone
    outages: createOutagesService({ db, clock, networkOps }),
    // issue 23 item 6: the partner edge's footprint checks, for anyone
    partnerLocation: createPartnerLocationService({ db, networkOps }),
    // issue 20 items 7-8: callbacks, outage credits and letters at the account's locations
    outageCare,
    // issue 21 items 1-2: the help articles and their search, for anyone
    support: createSupportService({ db, repo: createSupportRepository() }),
    // issue 21 item 4: support tickets, their files, a visitor's status link
    tickets: createTicketsService({
      db,
      clock,
      repo: createTicketsRepository(),
      audit,
      outbox,
      services: servicesService,
      outageCare,
      speedTest,
      secrets: secrets.cookieSecrets,
      publicUrl: deps.config.publicUrl,
    }),
    // issue 21 item 6: the simulated provisioning system and self-install's kit activation over it
    provisioning,
    selfInstall: createSelfInstallService({
      db,
      clock,
      repo: createSelfInstallRepository(),
      provisioning,
      audit,
      equipment: servicesRepository,
    }),
    // issue 21 item 7: the speed test's results and history
    speedTest,
    // issue 23 item 2: client analytics' ingest and retention
    analytics,
    // issue 22 items 2-3: the community portfolio, its properties' units and residents (read-only)
    community: createCommunityService({
      db,
      clock,
      repo: communityRepository,
      accounts: account,
      dispatch,
      networkOps,
    }),
    unitChanges,
    // issue 22 item 4: residents imported from a CSV file
    residentImport: createResidentImport({ db, clock, repo: communityRepository, audit, unitChanges }),
    // issue 22 item 5: business hours, property contacts and contact preferences
    businessHours: createBusinessHoursService({ db, clock, repo: propertySettingsRepository, audit }),
    propertyContacts: createPropertyContactsService({ db, clock, repo: propertySettingsRepository, audit }),
    // issue 22 item 6: contract details and the ramp ledger, over the billing engine's bulk bills and the community
    // module's properties and units (its reads, not its tables)
    techAmenities: createTechAmenitiesService({
      db,
      clock,
      repo: techAmenitiesRepository,
      accounts: account,
      community: {
        properties: communityRepository.properties,
        property: communityRepository.property,
        unitStates: communityRepository.unitStates,
      },
      bulkBilling,
    }),
    // issue 21 item 5: troubleshooting's check (an outage first, then the equipment)
    troubleshooting: createTroubleshootingService({ alerts, services: servicesService }),
    // issue 19 items 3-4: the simulated voice platform and the voice manager over it
    voicePlatform,
    voice: createVoiceService({
      db,
      clock,
      repo: voiceRepository,
      platform: voicePlatform,
      audit,
      valueAddedServiceIds: async (accountId) =>
        (await account.getValueAddedServices(accountId)).services.map((service) => service.serviceId),
      hostedVoiceEnabled: () => flags.isEnabled('hostedVoice', deps.config.portalEnv),
      // issue 22 item 5: the properties whose business hours a line may follow
      propertyNames: async (accountId) =>
        (await propertySettingsRepository.properties(db, accountId)).list.map(({ id, name }) => ({ id, name })),
    }),
    voiceSettings: createVoiceSettingsService({
      db,
      clock,
      repo: voiceRepository,
      platform: voicePlatform,
      audit,
      // issue 22 item 5: a line may follow a community property's business hours
      propertyDay: createPropertyScheduleDay({ repo: propertySettingsRepository }),
    }),
    /** The non-production mailbox's reads (registered outside production only). */
    mailbox: createMailboxService({ db, repo: createMailboxRepository() }),
    /** E-mail delivery: the due deliveries (main.ts every few seconds; the background pass runs them too). */
    mail: {
      deliverDue: () => jobs.runDue([EMAIL_DELIVERY_JOB]),
      close: () => mailTransport?.close(),
    },
    /** One pass of the background work (main.ts every minute, the clock routes after a move). */
    background: createDueWork({
      billing,
      scheduledPayments,
      autopay,
      wallet: cardExpiry,
      settlement,
      jobs,
      auditLog,
      users,
      voicePlatform,
      visitReminders,
      // issue 22 item 5: outages at a community property, told to the contacts chosen for them
      propertyNotices: createPropertyNotices({
        db,
        clock,
        repo: propertySettingsRepository,
        networkOps,
        outbox,
        jobs,
        publicUrl: deps.config.publicUrl,
        brandName: deps.config.brandName,
      }),
      bulkBills: createMonthlyBulkBills({ db, clock, repo: techAmenitiesRepository, bulkBilling }),
      rampActivations: createRampActivationRecords({
        db,
        clock,
        repo: techAmenitiesRepository,
        unitStates: communityRepository.unitStates,
      }),
      analytics,
      contractNotices: createContractNotices({
        db,
        clock,
        repo: techAmenitiesRepository,
        jobs,
        notifyContacts: notifications.notifyContacts,
        publicUrl: deps.config.publicUrl,
      }),
      restoreNotices: createRestoreNotices({
        db,
        clock,
        networkOps,
        repo: outageCareRepository,
        outbox,
        jobs,
        publicUrl: deps.config.publicUrl,
        brandName: deps.config.brandName,
      }),
    }),
  };
}

/** The dotted path of the first string (or key) holding a NUL character, or null. Iterative: no recursion over input. */
function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
      continue;
    }
    // a file's bytes (a support attachment) are not text
    if (!current || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    // children pushed in reverse, so the first one found is the first in document order
    for (const [key, child] of Object.entries(current).reverse()) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return at;
      stack.push([child, at]);
    }
  }
  return null;
}

/** The body of a state-changing route that takes no input: none (Fastify gives `null`), or an empty object. */
const NO_BODY = z.strictObject({}).nullish();

declare module 'fastify' {
  interface FastifyInstance {
    portal: {
      config: Config;
      database: Database;
      clock: Clock;
      services: Awaited<ReturnType<typeof createServices>>;
      secrets: IdentitySecrets;
      /** Redis for shared counters (rate limits) when REDIS_URL is set; memory otherwise. */
      redis: Redis | null;
      /** Card testing (issue 14 item 11): consecutive declines per account slow, then pause, card and bank attempts. */
      cardTesting: CardTestingGuard;
      /** Every route as registered, with its declared access: the source for route-wide security tests. */
      routes: { method: string; url: string; access: Access }[];
      /** spec §9, issue 14 item 4: the environment, decided once at start (config.ts `environmentOf`), never per request. */
      environment: PortalEnv;
      /** The portal's own origins (PUBLIC_URL and OIDC_REDIRECT_URIS): what an Origin header may be. */
      origins: string[];
      devControlToken: string | undefined;
      /** product-decisions.md: the configured variant, or a `community.` host's (presentation only, no access rests on it). */
      variantFor(request: FastifyRequest): PortalVariant;
    };
  }
}

function isBillingClock(clock: Clock | BillingClock): clock is BillingClock {
  return 'advance' in clock && typeof clock.advance === 'function' && 'offsetMs' in clock;
}

/**
 * The application as a plugin tree loaded in order (fastify/demo): external plugins, app plugins, then modules.
 * Returns an app that has not started listening; tests drive it with `inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // issue 23 item 4: outside production, the last request lines, which /dev/analytics finds by support code
  const recentLogLines = isProduction(config) ? undefined : createRecentLogLines();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      hooks: {
        // card numbers wherever they hide in a line (a URL, a message), not only in the fields named above
        streamWrite: (line) => {
          const masked = maskCardNumbersInLogLine(line);
          recentLogLines?.keep(masked);
          return masked;
        },
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // issue 14 item 9: X-Forwarded-* count only from the configured proxies (none by default)
    trustProxy: config.trustProxy,
    // issue 14 item 10: a request (headers and body) must arrive in time; idle and open connections are bounded
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // how often Node looks for requests past their limits (its default, 30 s, would let one run a minute)
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    genReqId: requestIdFor,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const traceId = traceIdFor(rawRequest as Parameters<typeof traceIdFor>[0]);
      // issue 23 item 4: every line of a request carries the support code its trace id gives (the browser's error
      // message shows it): the caller's trace id, else this request's id, as the x-trace-id header says
      const supportCode = supportCodeOf(traceId ?? String(bindings.requestId));
      return logger.child(traceId ? { ...bindings, traceId, supportCode } : { ...bindings, supportCode }, options);
    },
    // our own preClose/onRequest pair answers 503 in the error model, with Retry-After
    return503OnClosing: false,
    // The router's own refusals (a malformed percent-encoding, a path parameter over `maxParamLength`) come before
    // any hook: answered here in the error model with the security headers, as every other refusal (fuzz suite).
    frameworkErrors: (error, request, reply) => {
      const refusal = new AppError(
        'VALIDATION_FAILED',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The request URL is not valid',
      );
      request.log.info({ code: refusal.code, reason: error.code }, 'request rejected');
      // (helmet's headers are set synchronously and never fail; the refusal is sent either way)
      void setSecurityHeadersWithoutHooks(request, reply)
        .catch(() => undefined)
        .then(() => sendError(reply, request, refusal));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.server.maxConnections = config.http.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const secrets = loadIdentitySecrets(config);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  const services = await createServices(deps, secrets);
  app.addHook('onClose', async () => {
    await services.flags.close();
    services.mail.close();
    redis?.disconnect();
  });
  const routes: { method: string; url: string; access: Access }[] = [];
  app.addHook('onRoute', (route) => {
    // ADR 003: unknown fields are refused, never ignored; a state-changing API route that takes no input says so, so a
    // body with fields is a 400 there too (an empty body or `{}` is fine)
    const changesState = [route.method].flat().some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m));
    if (changesState && isApiPath(route.url) && !route.schema?.body) {
      route.schema = { ...route.schema, body: NO_BODY };
    }
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access ?? 'public' });
    }
  });
  // A NUL character has no place in any input and PostgreSQL cannot store it: refused before validation, anywhere
  app.addHook('preValidation', async (request) => {
    if (!isApiPath(request.url)) return;
    const path = nulPath({ body: request.body, querystring: request.query, params: request.params });
    if (path) {
      throw new AppError('VALIDATION_FAILED', 'NUL character in the request', {
        fields: [{ path, code: 'invalid_characters' }],
      });
    }
  });
  // issue 18 item 6: audit entries know the request's address and browser (platform/request-context.ts)
  app.addHook('preHandler', (request, _reply, done) => {
    withRequest(
      { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, requestId: request.id },
      done,
    );
  });
  app.decorate('portal', {
    routes,
    config,
    database: deps.database,
    clock: deps.clock,
    services,
    secrets,
    redis,
    environment: config.portalEnv,
    origins: [...new Set([config.publicUrl, ...config.oidc.extraRedirectUris].map((url) => new URL(url).origin))],
    devControlToken: isProduction(config) ? undefined : deps.devControlToken,
    cardTesting: createCardTestingGuard({ redis, clock: deps.clock, log: app.log }),
    variantFor: (request: FastifyRequest) =>
      config.variant === 'community' ? 'community' : (detectVariant(request.hostname) ?? 'business'),
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // spec §7.3: the browser records each call with its trace id (the caller's own, else this request's id)
    reply.header(TRACE_HEADER, traceIdFor(request.raw) ?? request.id);
    return payload;
  });
  // Graceful shutdown: from the moment close() starts, new requests get 503 while in-flight ones finish.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    throw new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down');
  });
  // quality-bars.md "database down": while the database is known to be unreachable, what needs it (the API and the
  // sign-in provider) is answered 503 + Retry-After at once, not after waiting on a connection that cannot answer
  app.addHook('onRequest', async (request) => {
    if (deps.database.available()) return;
    if (isApiPath(request.url) || request.url.startsWith(ISSUER_PREFIX)) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable');
    }
  });

  // external plugins
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(cardDataGuardPlugin);
  await app.register(swaggerPlugin, { title: config.brandName });
  await app.register(metricsPlugin);
  await app.register(healthPlugin, { database: deps.database });

  // modules
  const issuer =
    config.oidc.issuerUrl === undefined
      ? createIssuer({
          publicUrl: config.publicUrl,
          clientId: config.oidc.clientId,
          extraRedirectUris: config.oidc.extraRedirectUris,
          secrets,
          db: deps.database.db,
          clock: deps.clock,
        })
      : null;
  if (issuer) await mountIssuer(app, issuer, { publicUrl: config.publicUrl });
  await app.register(identityRoutes, { provider: issuer, clientSecret: secrets.clientSecret });
  await app.register(accountAccessRoutes);
  await app.register(securityRoutes);
  await app.register(passkeysRoutes);
  await app.register(memberRoutes);
  await app.register(metaRoutes);
  await app.register(flagsRoutes);
  await app.register(accountRoutes);
  await app.register(servicesRoutes);
  await app.register(changeOfServiceRoutes);
  await app.register(voiceRoutes);
  await app.register(voiceSettingsRoutes);
  await app.register(appointmentsRoutes);
  await app.register(trackingRoutes);
  await app.register(alertsRoutes);
  await app.register(outagesRoutes);
  await app.register(partnerLocationRoutes);
  await app.register(outageCareRoutes);
  await app.register(supportRoutes);
  await app.register(ticketsRoutes);
  await app.register(troubleshootingRoutes);
  await app.register(selfInstallRoutes);
  await app.register(speedTestRoutes);
  await app.register(analyticsRoutes);
  await app.register(communityRoutes);
  await app.register(techAmenitiesRoutes);
  await app.register(propertySettingsRoutes);
  await app.register(billingRoutes);
  await app.register(pciEdgeRoutes);
  await app.register(paymentsRoutes);
  await app.register(walletRoutes);
  await app.register(autopayRoutes);
  await app.register(mobileRoutes);
  await app.register(checkoutRoutes);
  await app.register(quickPayRoutes);
  await app.register(auditLogRoutes);
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(notificationsRoutes);
  await app.register(graphqlRoutes);
  // issue 14 item 4: the dev controls exist only in a non-production process (production's OpenAPI lists none), and
  // need a signed-in session or the local operator's token (plugins/dev-control.ts)
  if (!isProduction(config)) {
    await app.register(flagsDevRoutes);
    await app.register(processorDevRoutes, { processor: services.processor });
    await app.register(billingSystemDevRoutes(services.billingSystem));
    await app.register(networkOpsDevRoutes(services.networkOps));
    await app.register(provisioningDevRoutes(services.provisioning));
    await app.register(voicePlatformDevRoutes(services.voicePlatform));
    await app.register(dispatchDevRoutes(services.dispatch));
    await app.register(mailboxRoutes);
    if (recentLogLines) await app.register(analyticsDevRoutes, { recentLogLines });
    if (isBillingClock(deps.clock)) await app.register(clockRoutes, { clock: deps.clock });
  }

  // the web app and the not-found handler last
  await app.register(spaPlugin, { root: config.webDistDir });
  return app;
}
