import { ActivatePage } from './activate-page';
import { ContactToActivatePage, ContactToContinuePage, NothingToSetUpPage } from './contact-pages';
import { CheckContentsPage, ConnectPage, DonePage } from './kit-pages';
import { StartPage } from './start-page';
import { WifiPage } from './wifi-page';

/**
 * The pages of `/selfinstall/$page` (issue 21 item 6): the kit's five steps, then the three spec §2.1 keeps open when
 * self-install is off (its whitelist). Any other value is a page that does not exist.
 */
export const SELF_INSTALL_PAGES = [
  'check-contents',
  'connect',
  'activate',
  'wifi',
  'done',
  'contact-to-continue',
  'contact-to-activate',
  'nothing-to-set-up',
] as const;
export type SelfInstallPageName = (typeof SELF_INSTALL_PAGES)[number];

export function isSelfInstallPage(value: string): value is SelfInstallPageName {
  return (SELF_INSTALL_PAGES as readonly string[]).includes(value);
}

type SelfInstallPageProps = {
  /** `start` is `/selfinstall` itself. */
  page: SelfInstallPageName | 'start';
  /** The `selfInstallSpeedBump` flag (spec §2.4 leave-page warning). */
  speedBump: boolean;
  /** The `speedTest` flag: the last step offers one. */
  speedTest: boolean;
};

/**
 * Self-install (issue 21 item 6, wider-portal.md §9): the page `page` names. Of them, `activate` and `wifi` ask for
 * spec §2.4's leave-page warning (leave-warning.tsx); the others suppress it (nothing would be lost there).
 */
export function SelfInstallPage({ page, speedBump, speedTest }: SelfInstallPageProps) {
  switch (page) {
    case 'start':
      return <StartPage />;
    case 'check-contents':
      return <CheckContentsPage />;
    case 'connect':
      return <ConnectPage />;
    case 'activate':
      return <ActivatePage speedBump={speedBump} />;
    case 'wifi':
      return <WifiPage speedBump={speedBump} />;
    case 'done':
      return <DonePage speedTest={speedTest} />;
    case 'contact-to-continue':
      return <ContactToContinuePage />;
    case 'contact-to-activate':
      return <ContactToActivatePage />;
    case 'nothing-to-set-up':
      return <NothingToSetUpPage />;
  }
}
