import { type PasswordCheckResponse, passwordProblems } from '@vireo/shared';
import { useEffect, useState } from 'react';
import { checkPassword } from '../api/open-doors';

/** How long typing must pause before the password is sent to be judged (one request per pause, not per key). */
export const PASSWORD_CHECK_DELAY_MS = 400;

export type PasswordJudgement =
  | { state: 'empty' }
  /** The rules the browser knows (length, the username) fail: no need to ask the server. */
  | { state: 'local'; problems: ReturnType<typeof passwordProblems> }
  | { state: 'checking' }
  | { state: 'judged'; result: PasswordCheckResponse }
  /** The check could not be made: the server still judges the password when the form is sent. */
  | { state: 'unavailable' };

/**
 * The strength meter's judgement (wider-portal.md §1, ADR 027): the length and username rules at once, in the browser;
 * the common-password list and zxcvbn's score from the server's password check, once typing pauses. The password is
 * held in this component's state only (never a query cache), and an answer for an older value is dropped.
 */
export function usePasswordCheck(password: string, username: string, words: readonly string[]): PasswordJudgement {
  const [judgement, setJudgement] = useState<PasswordJudgement>({ state: 'empty' });
  const wordsKey = words.join('\n');

  useEffect(() => {
    if (password === '') {
      setJudgement({ state: 'empty' });
      return;
    }
    const problems = passwordProblems(password, username);
    if (problems.length > 0) {
      setJudgement({ state: 'local', problems });
      return;
    }
    setJudgement({ state: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const otherWords = wordsKey.split('\n').filter((word) => word.trim() !== '');
      checkPassword(
        { password, username: username.trim() || undefined, words: otherWords.length ? otherWords : undefined },
        controller.signal,
      ).then(
        (result) => setJudgement({ state: 'judged', result }),
        (error: unknown) => {
          if (!controller.signal.aborted) setJudgement({ state: 'unavailable' });
          return error;
        },
      );
    }, PASSWORD_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, username, wordsKey]);

  return judgement;
}
