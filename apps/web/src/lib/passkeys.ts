/**
 * The browser's side of passkeys (issue 18 item 2, ADR 029): @simplewebauthn/browser, loaded only when a passkey is
 * added or used (no route's first load carries it). The answers are sent without `rawId` (it is `id` again; the
 * server puts it back), as the shared contract says.
 */

/** Why a ceremony did not give an answer, for the words the page shows. */
export type PasskeyProblem = 'cancelled' | 'unsupported' | 'failed';

export class PasskeyCeremonyError extends Error {
  constructor(readonly problem: PasskeyProblem) {
    super(`passkey ceremony: ${problem}`);
  }
}

function problemOf(error: unknown): PasskeyProblem {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (name === 'NotSupportedError' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') return 'failed';
  return 'failed';
}

async function library() {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  return webauthn;
}

/** `navigator.credentials.create` with the server's options; the answer for the add request. */
export async function createPasskeyCredential(optionsJSON: unknown) {
  const webauthn = await library();
  try {
    const { rawId: _rawId, ...answer } = await webauthn.startRegistration({
      optionsJSON: optionsJSON as Parameters<typeof webauthn.startRegistration>[0]['optionsJSON'],
    });
    return answer;
  } catch (error) {
    throw new PasskeyCeremonyError(problemOf(error));
  }
}

/** `navigator.credentials.get` with the server's options; the answer for the sign-in or step-up request. */
export async function getPasskeyAssertion(optionsJSON: unknown) {
  const webauthn = await library();
  try {
    const { rawId: _rawId, ...answer } = await webauthn.startAuthentication({
      optionsJSON: optionsJSON as Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'],
    });
    return answer;
  } catch (error) {
    throw new PasskeyCeremonyError(problemOf(error));
  }
}
