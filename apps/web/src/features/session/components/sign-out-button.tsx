import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { signOut } from '../api/logout';

/** The header's Sign out control (signed-in users only). */
export function SignOutButton() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const onClick = () => {
    if (pending) return;
    setPending(true);
    void signOut(queryClient);
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-disabled={pending || undefined}
      className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-(--header-control-border) px-4 text-sm font-semibold hover:bg-(--header-hover-bg) aria-disabled:cursor-progress"
    >
      {intl.formatMessage({ id: 'session.signOut' })}
    </button>
  );
}
