import { z } from 'zod';
import { CARD_NUMBER_IN_TEXT, containsCardNumber } from '../rules/card-number';
import {
  SELF_INSTALL_TYPES,
  WIFI_NAME_MAX_BYTES,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '../rules/self-install';
import { FREE_TEXT_MARKER, freeText } from './free-text';

/**
 * Self-install (issue 21 item 6, wider-portal.md §9; spec §2.1 routing, §2.4 leave-page warning): the account's kit
 * waiting for activation, activated one step at a time by the simulated provisioning system (modem seen ->
 * provisioned -> online), each step with its failure modes and retry, then the Wi-Fi's name and password.
 */
export const SELF_INSTALL_KIT_PATH = '/api/pub/selfinstall/v1/kit';
/** POST, no body: tries the next activation step (`services.manage`); answers the kit as it stands after. */
export const SELF_INSTALL_ACTIVATION_PATH = '/api/pub/selfinstall/v1/kit/activation';
/** PUT `{ networkName, password }` once online (`services.manage`): the gateway's Wi-Fi. */
export const SELF_INSTALL_WIFI_PATH = '/api/pub/selfinstall/v1/kit/wifi';

/** Where activation stands: the kit as shipped, then each step the provisioning system confirmed. */
export const ACTIVATION_STAGES = ['shipped', 'modem_seen', 'provisioned', 'online'] as const;
export type ActivationStage = (typeof ACTIVATION_STAGES)[number];
/** The steps, each taking activation from the stage before it. */
export const ACTIVATION_STEPS = ['modem_seen', 'provisioned', 'online'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];
/** Why a step failed, as the provisioning system says it. */
export const ACTIVATION_FAILURES = ['modemNotSeen', 'provisioningFailed', 'notOnline'] as const;
export type ActivationFailure = (typeof ACTIVATION_FAILURES)[number];
/** Failures of one step after which the portal stops offering a retry and sends the person to us (a ticket, a call). */
export const SELF_INSTALL_ATTEMPTS_BEFORE_HELP = 3;

export const SelfInstallKitSchema = z.object({
  model: z.string(),
  /** The gateway's MAC address, all but its last 4 characters masked. */
  identifier: z.string(),
  shippedAt: z.iso.datetime(),
  installType: z.enum(SELF_INSTALL_TYPES),
  stage: z.enum(ACTIVATION_STAGES),
  /** The last failure of the step now due (cleared when it succeeds), with how many times it failed. */
  failure: z
    .object({
      step: z.enum(ACTIVATION_STEPS),
      reason: z.enum(ACTIVATION_FAILURES),
      attempts: z.number().int().min(1),
    })
    .nullable(),
  /** The step failed SELF_INSTALL_ATTEMPTS_BEFORE_HELP times: no more retries here, the person is sent to us. */
  needsHelp: z.boolean(),
  wifiName: z.string().nullable(),
  activatedAt: z.iso.datetime().nullable(),
  /** Whether the reader may activate and set the Wi-Fi (the admin group's `services.manage`). */
  canActivate: z.boolean(),
});
export type SelfInstallKit = z.infer<typeof SelfInstallKitSchema>;

export const SelfInstallKitResponseSchema = z.object({ kit: z.nullable(SelfInstallKitSchema) });
export type SelfInstallKitResponse = z.infer<typeof SelfInstallKitResponseSchema>;

export const SelfInstallWifiRequestSchema = z.strictObject({
  networkName: freeText({ max: WIFI_NAME_MAX_BYTES }),
  /** Not trimmed (a passphrase is as typed); printable ASCII; never a card number; kept by the gateway only. */
  password: z
    .string()
    .min(WIFI_PASSWORD_MIN_LENGTH)
    .max(WIFI_PASSWORD_MAX_LENGTH)
    .regex(/^[\x20-\x7e]+$/)
    .refine((text) => !containsCardNumber(text), {
      message: 'A card number is not accepted in free text',
      params: { fieldCode: CARD_NUMBER_IN_TEXT },
    })
    .meta({ [FREE_TEXT_MARKER]: true }),
});
export type SelfInstallWifiRequest = z.infer<typeof SelfInstallWifiRequestSchema>;
