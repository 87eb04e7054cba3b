import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { signOut } from '../api/logout';

/**
 * The header's Sign out control (signed-in users only). Below 768 px it is an icon with the label for screen readers
 * (the words wrapped onto two lines at 390 px in Spanish, "Cerrar sesión"); from 768 px the words.
 */
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
      className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center whitespace-nowrap rounded-full border border-(--header-control-border) text-sm font-semibold hover:bg-(--header-hover-bg) aria-disabled:cursor-progress md:px-4"
    >
      <LogOut aria-hidden="true" className="size-5 md:hidden" />
      <span className="sr-only md:not-sr-only">{intl.formatMessage({ id: 'session.signOut' })}</span>
    </button>
  );
}
