import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
// The modal dialogs are lazy in the app (components/ui/lazy-dialog.tsx); loading them here keeps their first import
// out of the tests' time, as when they were imported statically.
import '../components/ui/confirm-dialog-modal';
import '../components/ui/date-picker-dialog-modal';
import '../components/ui/notice-dialog-modal';
import { setApiEventHandlers } from '../lib/api-client';
import { browserNavigation } from '../lib/browser-navigation';
import { forgetFailedCalls } from '../lib/trace';
import { clearCookies } from './fake-api';
import { detachRenderedApps } from './rendered-apps';

// `findBy…` and `waitFor` wait up to 5 s (default 1 s): a busy 2-core CI machine renders lazily loaded screens
// slower, and a test should fail on what the page shows, not on how fast the machine is.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // The test DOM must never try to load another document; tests read the calls instead.
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  await detachRenderedApps();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  setApiEventHandlers({});
  forgetFailedCalls();
  document.documentElement.removeAttribute('lang');
  document.title = '';
});
