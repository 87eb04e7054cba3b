import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetFlagsForTests } from '../features/flags/flags-client';
import { setApiEventHandlers } from '../lib/api-client';
import { browserNavigation } from '../lib/browser-navigation';
import { clearCookies } from './fake-api';

beforeEach(() => {
  // The test DOM must never try to load another document; tests read the calls instead.
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearCookies();
  setApiEventHandlers({});
  await resetFlagsForTests();
  document.documentElement.removeAttribute('lang');
  document.title = '';
});
