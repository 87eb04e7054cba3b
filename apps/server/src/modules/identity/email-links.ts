import { randomUUID } from 'node:crypto';
import { AppError, LINK_EXPIRY_MINUTES, type LinkPurpose, type LinkStatusResponse } from '@vireo/shared';
import type { Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/tokens';
import type { AccessRepository, EmailLinkRow } from './access.repository';

const MINUTE = 60_000;

/** What a new link needs: its purpose, whom it is for and what it finishes (`data`). */
export type NewLink = Omit<
  EmailLinkRow,
  'id' | 'tokenHash' | 'createdAt' | 'expiresAt' | 'usedAt' | 'createdByUserId'
> & {
  createdByUserId?: string | null;
};

/**
 * The links e-mails carry (wider-portal.md §1): a random token in the e-mail, only its SHA-256 in `email_links`,
 * one purpose, an expiry per purpose (`LINK_EXPIRY_MINUTES`), single-use. Shared by the open doors
 * (account-access.service.ts) and invitations (invitations.service.ts), so every link route answers alike.
 */
export function createEmailLinks({
  clock,
  repo,
  publicUrl,
}: {
  clock: Clock;
  repo: Pick<AccessRepository, 'insertLink' | 'lockLink'>;
  publicUrl: string;
}) {
  // wider-portal.md §1: links land on /verify-link, an invitation on /create-sub-account
  const linkUrl = (purpose: LinkPurpose, token: string) =>
    `${publicUrl}${purpose === 'invitation' ? '/create-sub-account' : '/verify-link'}?token=${token}`;

  function stateOf(link: EmailLinkRow | null): LinkStatusResponse['state'] {
    if (!link) return 'unknown';
    if (link.usedAt) return 'used';
    return link.expiresAt <= clock.now() ? 'expired' : 'valid';
  }

  return {
    stateOf,

    /** A new link: the token goes into the e-mail (the URL returned), only its SHA-256 into the table. */
    async issueLink(tx: Tx, link: NewLink): Promise<{ id: string; url: string; expiresAt: Date }> {
      const token = randomToken();
      const now = clock.now();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + LINK_EXPIRY_MINUTES[link.purpose] * MINUTE);
      await repo.insertLink(tx, { ...link, id, tokenHash: sha256(token), createdAt: now, expiresAt });
      return { id, url: linkUrl(link.purpose, token), expiresAt };
    },

    /** The link a token names, locked, or the error its state calls for (one of `purposes`, else unknown). */
    async usableLink(tx: Tx, token: string, purposes: LinkPurpose[]) {
      const link = await repo.lockLink(tx, sha256(token));
      const state = stateOf(link);
      if (!link || state === 'unknown' || !purposes.includes(link.purpose)) throw new AppError('LINK_UNKNOWN', 'link');
      if (state === 'used') throw new AppError('LINK_USED', 'link used');
      if (state === 'expired') throw new AppError('LINK_EXPIRED', 'link expired');
      return link;
    },
  };
}

/** A new password the policy refuses (ADR 027); the fields name the problems. */
export function refusedPassword(problems: string[], path = 'body.password') {
  return new AppError('PASSWORD_REFUSED', 'The password does not meet the policy', {
    fields: problems.map((code) => ({ path, code: `password.${code}` })),
  });
}
