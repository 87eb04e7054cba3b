/** Query keys of the mailbox feature: one list per tab and recipient filter (no other feature reads them). */
export const mailboxKeys = {
  all: ['mailbox'] as const,
  emails: (to: string | undefined) => [...mailboxKeys.all, 'emails', { to }] as const,
  texts: (to: string | undefined) => [...mailboxKeys.all, 'texts', { to }] as const,
};
