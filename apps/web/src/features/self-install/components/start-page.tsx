import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { NOTICE, PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import type { SelfInstallKit } from '../api/self-install-api';
import { ActivationSteps, KitGate, KitSummary, Section, SelfInstallFrame } from './self-install-common';

type Next = { page: string; labelId: MessageId };

/**
 * Where the reader goes on from the kit: the contents first while nothing was tried, the activation while a step is
 * due (or failed), the Wi-Fi once online, the summary once the Wi-Fi is named; to us when activation needs help.
 */
export function nextOf(kit: SelfInstallKit): Next {
  if (kit.needsHelp) return { page: 'contact-to-activate', labelId: 'selfInstall.next.help' };
  if (kit.stage === 'online') {
    return kit.wifiName === null
      ? { page: 'wifi', labelId: 'selfInstall.next.wifi' }
      : { page: 'done', labelId: 'selfInstall.next.done' };
  }
  if (kit.stage === 'shipped' && kit.failure === null) {
    return { page: 'check-contents', labelId: 'selfInstall.next.checkContents' };
  }
  return { page: 'activate', labelId: 'selfInstall.next.activate' };
}

/** `/selfinstall`: the kit, where its activation stands, and the way on (none for who may not activate). */
export function StartPage() {
  const intl = useIntl();
  return (
    <SelfInstallFrame titleId="selfInstall.start.title" intro={intl.formatMessage({ id: 'selfInstall.start.intro' })}>
      <KitGate>
        {(kit) => {
          const next = nextOf(kit);
          return (
            <>
              <Section id="self-install-kit" titleId="selfInstall.kit.title">
                <KitSummary kit={kit} />
              </Section>
              <Section id="self-install-progress" titleId="selfInstall.progress.title">
                <ActivationSteps kit={kit} />
              </Section>
              <div className="mt-6 max-w-3xl">
                {kit.canActivate ? (
                  <Link to="/selfinstall/$page" params={{ page: next.page }} className={PRIMARY_BUTTON}>
                    {intl.formatMessage({ id: next.labelId })}
                  </Link>
                ) : (
                  <p className={NOTICE}>{intl.formatMessage({ id: 'selfInstall.adminsOnly' })}</p>
                )}
              </div>
            </>
          );
        }}
      </KitGate>
    </SelfInstallFrame>
  );
}
