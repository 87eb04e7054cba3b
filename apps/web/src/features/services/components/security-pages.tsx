import { Link } from '@tanstack/react-router';
import { ArrowLeft, Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { NEW_DEVICE_PATH, SecurityPlan, type SecurityProduct } from './security-plan';

/** What each product is, what it protects against and how many devices it covers, in plain words. */
const PRODUCT_TEXT: Record<SecurityProduct, { intro: MessageId; protects: MessageId[]; devices: MessageId }> = {
  desktop: {
    intro: 'services.security.intro.desktop',
    protects: [
      'services.security.protects.malware',
      'services.security.protects.websites',
      'services.security.protects.banking',
      'services.security.protects.updates',
    ],
    devices: 'services.security.devices.desktop',
  },
  suite: {
    intro: 'services.security.intro.suite',
    protects: [
      'services.security.protects.malware',
      'services.security.protects.websites',
      'services.security.protects.banking',
      'services.security.protects.lost',
    ],
    devices: 'services.security.devices.suite',
  },
};

function TextSection({ titleId, children }: { titleId: MessageId; children: ReactNode }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={CARD}>
      <h2 id={headingId} className={SECTION_TITLE}>
        {intl.formatMessage({ id: titleId })}
      </h2>
      {children}
    </section>
  );
}

type ProductPageProps = {
  product: SecurityProduct;
  /** spec §4: /security-suite keeps the loading indicator until the page says it is ready. */
  onReady?: () => void;
};

function SecurityProductPage({ product, onReady }: ProductPageProps) {
  const intl = useIntl();
  const text = PRODUCT_TEXT[product];
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>
        {intl.formatMessage({ id: product === 'desktop' ? 'pages.desktopSecurity' : 'pages.securitySuite' })}
      </h1>
      <p className="mt-2 max-w-3xl text-lg leading-relaxed text-ink">{intl.formatMessage({ id: text.intro })}</p>
      <div className="mt-8 grid gap-6 xl:grid-cols-[2fr_1fr] xl:items-start">
        <div className="space-y-6">
          <TextSection titleId="services.security.protects.title">
            <ul className="mt-3 space-y-2">
              {text.protects.map((id) => (
                <li key={id} className="flex gap-2 text-ink">
                  <Check aria-hidden="true" focusable="false" className="mt-1 size-5 shrink-0 text-brand-700" />
                  {intl.formatMessage({ id })}
                </li>
              ))}
            </ul>
          </TextSection>
          <TextSection titleId="services.security.devices.title">
            <p className="mt-2 leading-relaxed text-ink">{intl.formatMessage({ id: text.devices })}</p>
          </TextSection>
          <TextSection titleId="services.security.install.title">
            <p className="mt-2 leading-relaxed text-ink">
              {intl.formatMessage({ id: 'services.security.install.body' })}
            </p>
            <p className="mt-3">
              <Link to={NEW_DEVICE_PATH} className={TEXT_LINK}>
                {intl.formatMessage({ id: 'services.security.install.link' })}
              </Link>
            </p>
          </TextSection>
        </div>
        <SecurityPlan
          product={product}
          here={product === 'desktop' ? '/desktop-security' : '/security-suite'}
          onReady={onReady}
        />
      </div>
    </div>
  );
}

/**
 * `/desktop-security` (wider-portal.md §5): what Desktop Security protects, how many computers, how to install it,
 * and the account's own (its value-added service, spec §3). Open to visitors (spec §2.3), who are asked to sign in.
 */
export function DesktopSecurityPage() {
  return <SecurityProductPage product="desktop" />;
}

/**
 * `/security-suite` (wider-portal.md §5): the same for the Security Suite (computers, phones and tablets). `onReady`
 * turns the loading indicator off once the plan is known (spec §4; app/routes/ready-screen.tsx, screens.ts readyScreen).
 */
export function SecuritySuitePage({ onReady }: { onReady?: () => void }) {
  return <SecurityProductPage product="suite" onReady={onReady} />;
}

const BEFORE_YOU_START: MessageId[] = [
  'services.security.newDevice.before.licence',
  'services.security.newDevice.before.antivirus',
];
const STEPS: MessageId[] = [
  'services.security.newDevice.step.open',
  'services.security.newDevice.step.dashboard',
  'services.security.newDevice.step.install',
  'services.security.newDevice.step.signIn',
  'services.security.newDevice.step.done',
];

/** `/security-suite/new-device` (wider-portal.md §5): the steps to protect another device, and the way to the dashboard. */
export function SecuritySuiteNewDevicePage() {
  const intl = useIntl();
  return (
    <div className={PAGE}>
      <p>
        <Link to="/security-suite" className={`${TEXT_LINK} inline-flex items-center gap-1.5`}>
          <ArrowLeft aria-hidden="true" focusable="false" className="size-4" />
          {intl.formatMessage({ id: 'services.security.newDevice.back' })}
        </Link>
      </p>
      <h1 className={`mt-4 ${PAGE_TITLE}`}>{intl.formatMessage({ id: 'pages.securitySuiteNewDevice' })}</h1>
      <p className="mt-2 max-w-3xl text-lg leading-relaxed text-ink">
        {intl.formatMessage({ id: 'services.security.newDevice.intro' })}
      </p>
      <div className="mt-8 grid gap-6 xl:grid-cols-[2fr_1fr] xl:items-start">
        <div className="space-y-6">
          <TextSection titleId="services.security.newDevice.before.title">
            <ul className="mt-3 list-disc space-y-2 pl-5 text-ink">
              {BEFORE_YOU_START.map((id) => (
                <li key={id}>{intl.formatMessage({ id })}</li>
              ))}
            </ul>
          </TextSection>
          <TextSection titleId="services.security.newDevice.steps.title">
            <ol className="mt-3 list-decimal space-y-3 pl-5 text-ink marker:font-semibold">
              {STEPS.map((id) => (
                <li key={id} className="pl-1 leading-relaxed">
                  {intl.formatMessage({ id })}
                </li>
              ))}
            </ol>
          </TextSection>
        </div>
        <SecurityPlan product="suite" here={NEW_DEVICE_PATH} />
      </div>
    </div>
  );
}
