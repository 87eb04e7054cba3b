import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiEventHandlers } from '../../../lib/api-client';
import { speedTestIo } from './speed-test-api';

/**
 * The speed test's raw transfers (a streamed download, an upload by XMLHttpRequest for its progress) go around
 * `apiRequest`, and still read the error model the same way: a session that ended on the way tells the app (which sends
 * the user to sign in again), like every other request.
 */
const ended = JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'session ended' } });
const unavailable = JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } });

/** An XMLHttpRequest that answers `status` with `body` once sent. */
function fakeXhr(status: number, body: string) {
  return class {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload = { onprogress: null as ((event: { loaded: number }) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      this.status = status;
      this.responseText = body;
      queueMicrotask(() => this.onload?.());
    }
  };
}

const onUnauthenticated = vi.fn();
const onMaintenance = vi.fn();

beforeEach(() => {
  setApiEventHandlers({ onUnauthenticated, onMaintenance });
});

afterEach(() => {
  setApiEventHandlers({});
  vi.unstubAllGlobals();
  onUnauthenticated.mockReset();
  onMaintenance.mockReset();
});

describe('the speed test’s transfers', () => {
  it('tells the app when the download finds the session ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(ended, { status: 401 })),
    );
    await expect(speedTestIo.download(1024, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('tells the app when the upload finds the session ended, and reads another refusal’s code', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, ended));
    await expect(speedTestIo.upload(1024, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);

    vi.stubGlobal('XMLHttpRequest', fakeXhr(503, unavailable));
    await expect(speedTestIo.upload(1024, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    // a proxy's page instead of the error model: by its status
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, '<html>sign in</html>'));
    await expect(speedTestIo.upload(1024, new AbortController().signal, () => {})).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(2);
    expect(onMaintenance).not.toHaveBeenCalled();
  });
});
