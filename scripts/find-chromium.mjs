#!/usr/bin/env node
// Finds the Chromium the browser tests drive. Never downloads a browser (no `npx playwright install`): it uses
// Debian's package, installing it with apt-get only when running as root on a machine that lacks it.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const CANDIDATES = [DEBIAN_CHROMIUM, '/usr/bin/chromium-browser'];

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {{ env?: Record<string, string | undefined>, install?: boolean, log?: (message: string) => void }} [options]
 * @returns {string} absolute path of a Chromium executable
 */
export function findChromium(options = {}) {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message) => process.stderr.write(`${message}\n`));

  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }

  const found = CANDIDATES.find(isExecutable);
  if (found) return found;

  const isRoot = process.getuid?.() === 0;
  if (isRoot && options.install !== false) {
    log('Chromium not found; installing the Debian package (apt-get install -y chromium)…');
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: ['ignore', 'inherit', 'inherit'], env: aptEnv });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: aptEnv,
    });
    if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    throw new Error(`apt-get install chromium finished, but ${DEBIAN_CHROMIUM} is still missing.`);
  }

  throw new Error(
    [
      'Chromium was not found (looked at CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).',
      'Install it with `sudo apt-get update && sudo apt-get install -y chromium` (Debian/Ubuntu),',
      'or set CHROMIUM_PATH to an installed Chromium or Chrome. The tests never download a browser.',
    ].join('\n'),
  );
}

// CLI: `node scripts/find-chromium.mjs` prints the path (exit 1 with the reason when there is none).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.stdout.write(`${findChromium()}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
