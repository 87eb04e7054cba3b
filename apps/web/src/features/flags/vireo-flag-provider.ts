import {
  ErrorCode,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
  StandardResolutionReasons,
} from '@openfeature/web-sdk';
import type { FlagValues } from '@vireo/shared';
import { FALLBACK_FLAGS, getFlags, isFlagName } from './get-flags';

/**
 * The in-repo OpenFeature provider: one GET of the flags the server resolved for this environment at start-up.
 * If that fails, every flag takes its production default, so a broken flags endpoint never switches on something
 * production keeps off. All the portal's flags are booleans; other types resolve to the caller's default.
 */
export class VireoFlagProvider implements Provider {
  readonly metadata = { name: 'vireo-flags' } as const;
  readonly runsOn = 'client' as const;
  private values: FlagValues = { ...FALLBACK_FLAGS };
  private reason: string = StandardResolutionReasons.DEFAULT;

  constructor(private readonly load: () => Promise<FlagValues> = () => getFlags()) {}

  async initialize(): Promise<void> {
    try {
      this.values = await this.load();
      this.reason = StandardResolutionReasons.STATIC;
    } catch {
      this.values = { ...FALLBACK_FLAGS };
      this.reason = StandardResolutionReasons.DEFAULT;
    }
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    if (!isFlagName(flagKey)) {
      return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.FLAG_NOT_FOUND };
    }
    return { value: this.values[flagKey], reason: this.reason };
  }

  resolveStringEvaluation(_flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return this.typeMismatch(defaultValue);
  }

  resolveNumberEvaluation(_flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return this.typeMismatch(defaultValue);
  }

  resolveObjectEvaluation<T extends JsonValue>(_flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return this.typeMismatch(defaultValue);
  }

  private typeMismatch<T>(defaultValue: T): ResolutionDetails<T> {
    return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.TYPE_MISMATCH };
  }
}
