import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField, ChoiceGroup } from '../../../components/ui/checkbox-field';
import { PRIMARY_BUTTON, SUCCESS, TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { BackLink, KitGate, NotOnlineYet, Section, SelfInstallFrame, TicketLink } from './self-install-common';

const CONTENTS = ['gateway', 'powerAdapter', 'coax', 'ethernet'] as const;
type Item = (typeof CONTENTS)[number];
const ITEM_NAME: Record<Item, MessageId> = {
  gateway: 'selfInstall.checkContents.gateway',
  powerAdapter: 'selfInstall.checkContents.powerAdapter',
  coax: 'selfInstall.checkContents.coax',
  ethernet: 'selfInstall.checkContents.ethernet',
};

/** Step 1: what is in the box, each item ticked before going on (the group says so, and focus goes to it, if not). */
export function CheckContentsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [ticked, setTicked] = useState<ReadonlySet<Item>>(new Set());
  const [incomplete, setIncomplete] = useState(false);
  const boxes = useRef(new Map<Item, HTMLInputElement>());

  const tick = (item: Item, checked: boolean) => {
    const next = new Set(ticked);
    if (checked) next.add(item);
    else next.delete(item);
    setTicked(next);
    if (next.size === CONTENTS.length) setIncomplete(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = CONTENTS.find((item) => !ticked.has(item));
    if (missing) {
      setIncomplete(true);
      boxes.current.get(missing)?.focus();
      return;
    }
    void navigate({ to: '/selfinstall/$page', params: { page: 'connect' } });
  };

  return (
    <SelfInstallFrame
      step={1}
      titleId="selfInstall.checkContents.title"
      intro={intl.formatMessage({ id: 'selfInstall.checkContents.intro' })}
    >
      <form noValidate onSubmit={onSubmit} className="mt-6 max-w-3xl">
        <ChoiceGroup
          legend={intl.formatMessage({ id: 'selfInstall.checkContents.legend' })}
          error={incomplete ? intl.formatMessage({ id: 'selfInstall.checkContents.incomplete' }) : null}
        >
          {CONTENTS.map((item) => (
            <CheckboxField
              key={item}
              label={intl.formatMessage({ id: ITEM_NAME[item] })}
              checked={ticked.has(item)}
              onChange={(checked) => tick(item, checked)}
              required
              inputRef={(element) => {
                if (element) boxes.current.set(item, element);
                else boxes.current.delete(item);
              }}
            />
          ))}
        </ChoiceGroup>
        <p className="mt-4 text-ink">
          {intl.formatMessage({ id: 'selfInstall.checkContents.missing' })}{' '}
          <TicketLink subject={intl.formatMessage({ id: 'selfInstall.ticket.subject.missing' })} />
        </p>
        <button type="submit" className={`${PRIMARY_BUTTON} mt-6`}>
          {intl.formatMessage({ id: 'selfInstall.continue' })}
        </button>
      </form>
      <BackLink page={null} />
    </SelfInstallFrame>
  );
}

const CONNECT_STEPS: readonly MessageId[] = [
  'selfInstall.connect.coax',
  'selfInstall.connect.power',
  'selfInstall.connect.wait',
  'selfInstall.connect.ethernet',
];

/** Step 2: connecting the gateway, in order. */
export function ConnectPage() {
  const intl = useIntl();
  return (
    <SelfInstallFrame
      step={2}
      titleId="selfInstall.connect.title"
      intro={intl.formatMessage({ id: 'selfInstall.connect.intro' })}
    >
      <Section id="self-install-connect" titleId="selfInstall.connect.stepsTitle">
        <ol className="mt-3 list-decimal space-y-3 pl-6 text-ink marker:font-semibold">
          {CONNECT_STEPS.map((id) => (
            <li key={id}>{intl.formatMessage({ id })}</li>
          ))}
        </ol>
      </Section>
      <p className="mt-6">
        <Link to="/selfinstall/$page" params={{ page: 'activate' }} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'selfInstall.continue' })}
        </Link>
      </p>
      <BackLink page="check-contents" />
    </SelfInstallFrame>
  );
}

/** Step 5: online, the Wi-Fi's name, and what to do next (a speed test where its flag is on, the services). */
export function DonePage({ speedTest }: { speedTest: boolean }) {
  const intl = useIntl();
  return (
    <SelfInstallFrame step={5} titleId="selfInstall.done.title">
      <KitGate>
        {(kit) =>
          kit.stage !== 'online' ? (
            <NotOnlineYet messageId="selfInstall.done.notOnline" />
          ) : (
            <>
              <div className={`${SUCCESS} mt-6 max-w-3xl`}>
                <p className="font-semibold">{intl.formatMessage({ id: 'selfInstall.done.online' })}</p>
                {kit.wifiName === null ? (
                  <p className="mt-2">
                    {intl.formatMessage({ id: 'selfInstall.done.noWifi' })}{' '}
                    <Link to="/selfinstall/$page" params={{ page: 'wifi' }} className={TEXT_LINK}>
                      {intl.formatMessage({ id: 'selfInstall.next.wifi' })}
                    </Link>
                  </p>
                ) : (
                  <dl className="mt-2 flex flex-wrap gap-x-2">
                    <dt>{intl.formatMessage({ id: 'selfInstall.done.wifi' })}</dt>
                    <dd className="font-semibold">{kit.wifiName}</dd>
                  </dl>
                )}
              </div>
              <Section id="self-install-next" titleId="selfInstall.done.nextTitle">
                <ul className="mt-3 space-y-2">
                  {speedTest ? (
                    <li>
                      <Link to="/services/internet/speed-test" className={TEXT_LINK}>
                        {intl.formatMessage({ id: 'selfInstall.done.speedTest' })}
                      </Link>
                    </li>
                  ) : null}
                  <li>
                    <Link to="/services" className={TEXT_LINK}>
                      {intl.formatMessage({ id: 'selfInstall.link.services' })}
                    </Link>
                  </li>
                </ul>
              </Section>
            </>
          )
        }
      </KitGate>
    </SelfInstallFrame>
  );
}
