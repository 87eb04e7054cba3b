import { useSearch } from '@tanstack/react-router';
import { ListSkeleton } from '../../components/ui/loading';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import { SupportFormsPage } from '../../features/support/components/support-pages';

/**
 * `/support/forms` (issue 21 item 4): an open page whose form differs for a signed-in user (answered at the profile's
 * address, the tickets listed, the service's context offered) and a visitor (a name and an address to answer).
 */
export function SupportFormsRoute() {
  const profile = useSessionProfile();
  const { token, topic, subject, supportCode } = useSearch({ from: '/support/forms' });
  if (profile === undefined) {
    return (
      <div className="mx-auto mt-12 max-w-3xl px-4">
        <ListSkeleton rows={4} />
      </div>
    );
  }
  return (
    <SupportFormsPage
      signedIn={profile ? { email: profile.memberDetails.contactEmail } : null}
      token={token}
      prefill={{ topic, subject, supportCode }}
    />
  );
}
