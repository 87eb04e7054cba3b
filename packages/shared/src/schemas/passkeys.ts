import { z } from 'zod';
import { freeText } from './free-text';

/**
 * Passkeys (issue 18 item 2, wider-portal.md §3, ADR 029): a signed-in user adds (registration options, then the
 * browser's answer with a name), lists, renames and removes their own passkeys; the sign-in form signs in with one
 * (options for the OIDC interaction, then the browser's assertion). The WebAuthn JSON is @simplewebauthn's
 * (`RegistrationResponseJSON`, `AuthenticationResponseJSON`) without `rawId`, which is `id` again (the server puts it
 * back): base64url fields, verified by the server's library.
 */
export const PASSKEYS_PATH = '/api/pub/session/v1/passkeys';
export const PASSKEY_REGISTRATION_OPTIONS_PATH = `${PASSKEYS_PATH}/registration-options`;
export const PASSKEY_PATH = `${PASSKEYS_PATH}/:passkeyId`;
export const PASSKEY_REMOVE_PATH = `${PASSKEYS_PATH}/:passkeyId/remove`;
/** Inside a sign-in in progress (the embedded issuer's interaction), like the password form's `…/login`. */
export const INTERACTION_PASSKEY_OPTIONS_PATH = '/api/pub/sbnetloginedge/interaction/:uid/passkey-options';
export const INTERACTION_PASSKEY_LOGIN_PATH = '/api/pub/sbnetloginedge/interaction/:uid/passkey-login';

/** At most this many passkeys per user. */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a WebAuthn challenge may be answered. */
export const PASSKEY_CHALLENGE_SECONDS = 300;

export const PasskeyNameSchema = freeText({ max: PASSKEY_NAME_MAX_LENGTH });

export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeysResponseSchema = z.object({ passkeys: z.array(PasskeySchema), max: z.number().int() });
export type PasskeysResponse = z.infer<typeof PasskeysResponseSchema>;

export const PasskeyParamsSchema = z.strictObject({ passkeyId: z.uuid() });
export const RenamePasskeyRequestSchema = z.strictObject({ name: PasskeyNameSchema });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequestSchema>;

/** The options the browser's WebAuthn call takes, as @simplewebauthn/server builds them (passed through as they are). */
export const PasskeyOptionsResponseSchema = z.record(z.string(), z.unknown());

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
const TransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const AttachmentSchema = z.enum(['cross-platform', 'platform']);
const ExtensionResultsSchema = z.strictObject({ credProps: z.strictObject({ rk: z.boolean().optional() }).optional() });

/** The browser's answer to a registration (`RegistrationResponseJSON`). */
export const PasskeyRegistrationCredentialSchema = z.strictObject({
  id: base64url(1024),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(TransportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.optional(AttachmentSchema),
  clientExtensionResults: ExtensionResultsSchema,
});

export const AddPasskeyRequestSchema = z.strictObject({
  name: PasskeyNameSchema,
  credential: PasskeyRegistrationCredentialSchema,
});
export type AddPasskeyRequest = z.infer<typeof AddPasskeyRequestSchema>;

/** The browser's answer to a sign-in (`AuthenticationResponseJSON`). */
export const PasskeyAssertionSchema = z.strictObject({
  id: base64url(1024),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.optional(AttachmentSchema),
  clientExtensionResults: ExtensionResultsSchema,
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

export const PasskeyLoginRequestSchema = z.strictObject({
  credential: PasskeyAssertionSchema,
  rememberMe: z.boolean().optional(),
});
export type PasskeyLoginRequest = z.infer<typeof PasskeyLoginRequestSchema>;

/**
 * The step-up's second way (wider-portal.md §3, issue 18 item 3): options naming the user's own passkeys, bound to the
 * session, then the browser's assertion; the answer is the password step-up's (`StepUpResponse`).
 */
export const STEP_UP_PASSKEY_OPTIONS_PATH = '/api/pub/session/v1/step-up/passkey-options';
export const STEP_UP_PASSKEY_PATH = '/api/pub/session/v1/step-up/passkey';
export const StepUpPasskeyRequestSchema = z.strictObject({ credential: PasskeyAssertionSchema });
export type StepUpPasskeyRequest = z.infer<typeof StepUpPasskeyRequestSchema>;
