import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/**
 * Why a password is refused (wider-portal.md §1). The length and the username are checked here, in the browser and
 * on the server alike; `common` only by the server, which holds the list of common passwords (ADR 027).
 */
export const PASSWORD_PROBLEMS = ['tooShort', 'tooLong', 'containsUsername', 'common'] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** zxcvbn's warnings, by key (the server's meter, ADR 027; the browser words them: `password.warning.<key>`). */
export const PASSWORD_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number];

/** Characters as a person counts them (code points: an accented letter or an emoji is one). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * The rules that need no list: 12-128 characters and not containing the username (case-insensitive). No
 * composition rules: any character counts, spaces included (a passphrase).
 */
export function passwordProblems(password: string, username?: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  const name = username?.trim().toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) problems.push('containsUsername');
  return problems;
}
