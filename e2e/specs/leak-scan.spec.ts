import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { findCardDataLeaks } from '../../apps/server/test/leak-scan';

// Runs last (its own project, after maintenance and the community variant's specs): after the whole browser suite has paid, saved and tokenized cards
// and bank accounts, the database's files on disk (tables and write-ahead log, so deleted rows count too) and the
// server's log must hold no card number, security code or full bank account number (issue 5). The vault's
// encrypted column holds them only as ciphertext, which the scan cannot match.

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('no card data in the database files or the server log after the browser suite', () => {
  const runDir = process.env.VIREO_E2E_DATA_DIR;
  expect(runDir, 'the run directory of playwright.config.ts').toBeTruthy();
  // the business portal's and the community variant's (its own server and database: the `community` project)
  const dbFiles = ['db', 'community-db'].flatMap((db) => filesUnder(path.join(runDir as string, db)));
  const log = ['server.log', 'community-server.log']
    .map((name) => readFileSync(path.join(runDir as string, name), 'latin1'))
    .join('\n');

  let scanned = 0;
  let vaultTokens = 0;
  const leaks = dbFiles.flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    scanned += text.length;
    vaultTokens += text.match(/tok_[A-Za-z0-9_-]{24}/g)?.length ?? 0;
    return findCardDataLeaks(text, path.relative(runDir as string, file));
  });
  // the scan looked at a real database that holds payment data, and a real log
  expect(scanned).toBeGreaterThan(1_000_000);
  expect(vaultTokens).toBeGreaterThan(0);
  expect(log).toContain('"level":');
  expect(leaks.concat(findCardDataLeaks(log, 'server.log'))).toEqual([]);
});
