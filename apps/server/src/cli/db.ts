import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { isProduction, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isDatabaseEmpty, seedDemoData, seedOptionsOf } from '../db/seed/seed';
import { createBillingClock } from '../platform/clock';

/**
 * `npm run db:migrate | db:seed | db:reset`. On the embedded database, stop the server first: PGlite allows one
 * process at a time. Paths are relative to the repository root, like `npm start`.
 */
const command = process.argv[2];
const config = loadConfig();
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.dataDir);

async function open() {
  return config.databaseUrl ? openDatabase({ url: config.databaseUrl }) : openDatabase({ dataDir });
}

async function run() {
  if (command === 'reset') {
    if (isProduction(config)) throw new Error('db:reset is not available in production');
    if (config.databaseUrl) {
      const database = await open();
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
      await database.close();
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const database = await open();
  try {
    await database.migrate();
    console.log(`migrated (${database.driver})`);
    if (command === 'seed' || command === 'reset') {
      if (isProduction(config)) throw new Error('demo data is not seeded in production');
      if (!(await isDatabaseEmpty(database.db))) {
        console.log('the database already has data; run `npm run db:reset` to start over');
        return;
      }
      const clock = await createBillingClock(database.db);
      await seedDemoData(database.db, clock.now(), seedOptionsOf(config));
      console.log('seeded the demo data');
    } else if (command !== 'migrate') {
      throw new Error('usage: db.ts migrate | seed | reset');
    }
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
