import { PASSWORD_WARNINGS, type PasswordProblem, type PasswordWarning, passwordProblems } from '@vireo/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import * as spanish from '@zxcvbn-ts/language-es-es';

export type PasswordVerdict = {
  /** The policy: 12-128 characters, not among the most common, not containing the username. */
  acceptable: boolean;
  problems: PasswordProblem[];
  /** zxcvbn's estimate, 0 (guessed at once) to 4 (very unlikely): the meter, never a rule. */
  score: 0 | 1 | 2 | 3 | 4;
  warning: PasswordWarning | null;
};

/** zxcvbn-ts set to answer with its keys instead of English sentences (each group's keys mapped to themselves). */
const KEYS_AS_TRANSLATIONS = Object.fromEntries(
  Object.entries(english.translations).map(([group, entries]) => [
    group,
    Object.fromEntries(Object.keys(entries).map((key) => [key, key])),
  ]),
) as typeof english.translations;

let loaded: { estimator: ZxcvbnFactory; mostCommon: Set<string> } | null = null;

/** Built on first use (a quarter of a second): the dictionaries (common, English, Spanish) and the refused list. */
function load() {
  loaded ??= {
    estimator: new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary },
      graphs: common.adjacencyGraphs,
      translations: KEYS_AS_TRANSLATIONS,
    }),
    // ADR 027: the whole list (49,233 passwords by frequency), not its first 10,000: those hold only 25 passwords of
    // 12 characters or more, so they would refuse almost nothing the length rule lets through
    mostCommon: new Set((common.dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase())),
  };
  return loaded;
}

/** Whether the password is on the list of common passwords (compared without case; ADR 027). */
export function isCommonPassword(password: string): boolean {
  return load().mostCommon.has(password.toLowerCase());
}

/**
 * The verdict on a new password (wider-portal.md §1, NIST SP 800-63B): the rules of `passwordProblems` plus the
 * common-password list (ADR 027), and zxcvbn's score for the meter, told about the person's own words (username, names,
 * e-mail, company) so that a password made of them scores low.
 */
export function judgePassword(
  password: string,
  context: { username?: string; words?: string[] } = {},
): PasswordVerdict {
  const problems = passwordProblems(password, context.username);
  if (isCommonPassword(password)) problems.push('common');
  // zxcvbn's cost grows with length; past the limit the password is refused anyway
  const estimate =
    password.length <= 256
      ? load().estimator.check(password, [context.username ?? '', ...(context.words ?? [])].filter(Boolean))
      : null;
  const warning = estimate?.feedback.warning ?? null;
  return {
    acceptable: problems.length === 0,
    problems,
    score: problems.length > 0 ? 0 : ((estimate?.score ?? 0) as PasswordVerdict['score']),
    warning: PASSWORD_WARNINGS.includes(warning as PasswordWarning) ? (warning as PasswordWarning) : null,
  };
}
