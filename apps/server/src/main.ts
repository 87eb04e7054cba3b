import { EMAIL_DELIVERY_EVERY_MS } from '@vireo/shared';
import { buildApp } from './app';
import { isProduction, loadConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemoData, seedOptionsOf } from './db/seed/seed';
import { createBillingClock } from './platform/clock';
import { writeDevControlToken } from './plugins/dev-control';

/**
 * Starts the portal: migrate, seed an empty non-production database with the demo data, serve, and shut down
 * gracefully on SIGTERM/SIGINT (new requests 503, in-flight requests finish, exit within the timeout).
 */
const BILLING_RUN_EVERY_MS = 60_000;

async function main() {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, monitor: true })
    : await openDatabase({ dataDir: config.dataDir, readCache: config.readCache });
  await database.migrate();
  const clock = await createBillingClock(database.db);
  const fresh = !isProduction(config) && (await isDatabaseEmpty(database.db));
  // BILLING_CLOCK_START (non-production; config.ts refuses it in production): a fresh database's clock starts at that
  // instant, before the demo data is seeded from it, so the data and the pages are the same on every run
  if (fresh && config.billingClockStart) await clock.setNow(config.billingClockStart);
  if (fresh) await seedDemoData(database.db, clock.now(), seedOptionsOf(config));
  // the local operator's token for the dev controls (`npm run clock`), outside production only (plugins/dev-control.ts)
  const operator = isProduction(config) ? null : writeDevControlToken(config);
  const app = await buildApp({ config, database, clock, devControlToken: operator?.token });
  // the help articles of this build (issue 21 item 1): rewritten where their files changed, in every environment
  const articles = await app.portal.services.support.sync();
  if (articles.written + articles.deleted > 0) app.log.info(articles, 'help articles updated');
  if (config.billingClockStart && !fresh) {
    app.log.warn('BILLING_CLOCK_START applies to a fresh database only: this one keeps its billing clock');
  }
  // another process (the clock CLI, another instance) may move the billing clock
  const refresh = setInterval(() => clock.refresh().catch(() => {}), 1_000);
  refresh.unref();
  // the background work: statements and delinquency, scheduled payments, posting, reconciliation, jobs
  // (idempotent, safe on several instances)
  const runBilling = () =>
    app.portal.services.background.run().then(
      (done) => Object.values(done).some((n) => n > 0) && app.log.info(done, 'background work'),
      (error: unknown) => app.log.error({ err: error }, 'background work failed'),
    );
  const billingRun = setInterval(runBilling, BILLING_RUN_EVERY_MS);
  billingRun.unref();
  void runBilling();
  // e-mail delivery (wider-portal.md §2): a person waits for a link, so every few seconds, not with the minute's pass
  let delivering = false;
  const deliverMail = () => {
    if (delivering || !config.mail.smtpUrl) return;
    delivering = true;
    app.portal.services.mail
      .deliverDue()
      .then(
        (sent) => sent > 0 && app.log.info({ sent }, 'e-mail delivered'),
        (error: unknown) => app.log.warn({ err: error }, 'e-mail delivery failed; retried later'),
      )
      .finally(() => {
        delivering = false;
      });
  };
  const mailRun = setInterval(deliverMail, EMAIL_DELIVERY_EVERY_MS);
  mailRun.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    clearInterval(billingRun);
    clearInterval(mailRun);
    operator?.remove();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.driver, port: config.port }, 'portal ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
