import { Link } from '@tanstack/react-router';
import { AppError } from '@vireo/shared';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { ErrorNotice } from '../../../components/ui/error-notice';
import {
  CARD,
  PAGE,
  PAGE_TITLE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SUCCESS,
  TEXT_LINK,
  WARNING,
} from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import {
  type ServiceOfferId,
  type ServiceOfferView,
  type ServiceOrder,
  useChangeOptions,
  useOrderChange,
  usePreviewChange,
} from '../api/services-api';
import { PreviewTable } from './change-preview';

type Kind = ServiceOfferView['kind'];

/**
 * Change of service (issue 19 item 2, wider-portal.md §5): `/upgrade` (another internet tier) and `/buy` (TV, another
 * phone line). Before anything is ordered, the next statement with and without the change, computed by the billing
 * engine that makes statements (ADR 032: what it shows is what the statement will say); confirming orders it once
 * (an Idempotency-Key per intent), effective today, and TV with a technician's visit to book.
 */
function ChangeServicePage({ titleId, introId, kinds }: { titleId: MessageId; introId: MessageId; kinds: Kind[] }) {
  const intl = useIntl();
  const options = useChangeOptions();
  const preview = usePreviewChange();
  const order = useOrderChange();
  const [chosen, setChosen] = useState<ServiceOfferId | null>(null);
  const [done, setDone] = useState<ServiceOrder | null>(null);
  const change = useIdempotentChange(order, () => 'services.change.failed' as const);
  const step = useRef<HTMLHeadingElement>(null);
  const shown = done ? 'done' : preview.data && preview.data.offerId === chosen ? 'preview' : 'choose';
  // each step's heading takes focus when it appears (the step before it is gone)
  useEffect(() => {
    if (shown !== 'choose') step.current?.focus();
  }, [shown]);

  const offers = options.data?.offers.filter((offer) => kinds.includes(offer.kind)) ?? [];
  const forbidden = AppError.is(options.error) && options.error.code === 'FORBIDDEN';

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: titleId })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: introId })}</p>
      {forbidden ? (
        <p role="status" className={`mt-6 ${WARNING}`}>
          {intl.formatMessage({ id: 'services.change.forbidden' })}
        </p>
      ) : options.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="services.change.loadFailed"
          bodyId="services.change.loadFailedBody"
          onRetry={() => void options.refetch()}
          isRetrying={options.isFetching}
        />
      ) : !options.data ? (
        <div className="mt-6">
          <ListSkeleton rows={3} label={intl.formatMessage({ id: 'services.change.loading' })} />
        </div>
      ) : shown === 'done' && done ? (
        <Ordered order={done} offer={offers.find((offer) => offer.id === done.offerId)} headingRef={step} />
      ) : shown === 'preview' && preview.data ? (
        <section aria-labelledby="change-preview-title" className={`mt-6 ${CARD}`}>
          <h2
            id="change-preview-title"
            ref={step}
            tabIndex={-1}
            className="text-xl font-semibold text-navy-900 outline-none"
          >
            {intl.formatMessage(
              { id: 'services.change.previewTitle' },
              { name: offers.find((offer) => offer.id === chosen)?.name ?? '' },
            )}
          </h2>
          <PreviewTable preview={preview.data} />
          {change.failure ? (
            <p role="alert" className="mt-4 font-semibold text-danger-700">
              {intl.formatMessage({ id: change.failure })}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <button
              type="button"
              className={PRIMARY_BUTTON}
              aria-disabled={change.pending || undefined}
              onClick={() => chosen && change.send({ offer: chosen }, setDone)}
            >
              {intl.formatMessage({ id: 'services.change.confirm' })}
            </button>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => preview.reset()}>
              {intl.formatMessage({ id: 'services.change.chooseAgain' })}
            </button>
          </div>
        </section>
      ) : (
        <form
          noValidate
          className={`mt-6 ${CARD}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) preview.mutate(chosen);
          }}
        >
          <Offers offers={offers} chosen={chosen} onChoose={setChosen} />
          {preview.isError ? (
            <p role="alert" className="mt-4 font-semibold text-danger-700">
              {intl.formatMessage({ id: 'services.change.previewFailed' })}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${PRIMARY_BUTTON} mt-6`}
            aria-disabled={!chosen || preview.isPending || undefined}
          >
            {intl.formatMessage({ id: 'services.change.seePreview' })}
          </button>
        </form>
      )}
    </div>
  );
}

function Offers({
  offers,
  chosen,
  onChoose,
}: {
  offers: readonly ServiceOfferView[];
  chosen: ServiceOfferId | null;
  onChoose: (id: ServiceOfferId) => void;
}) {
  const intl = useIntl();
  const { money } = usePaymentFormat();
  return (
    <RadioGroup
      legend={intl.formatMessage({ id: 'services.change.choose' })}
      className="max-w-2xl space-y-2"
      options={offers.map((offer) => ({
        value: offer.id,
        label: offer.name,
        detail: intl.formatMessage({ id: 'services.change.perMonth' }, { amount: money(offer.monthlyCents) }),
        disabled: offer.standing !== 'available',
        description: [
          offer.standing === 'current' ? intl.formatMessage({ id: 'services.change.current' }) : null,
          offer.standing === 'unavailable'
            ? intl.formatMessage({ id: 'services.change.unavailable' }, { kind: offer.kind })
            : null,
          offer.equipment
            ? intl.formatMessage(
                { id: 'services.change.equipment' },
                { name: offer.equipment.description, amount: money(offer.equipment.monthlyCents) },
              )
            : null,
          offer.installation
            ? intl.formatMessage(
                { id: 'services.change.installation' },
                { amount: money(offer.installation.amountCents) },
              )
            : null,
        ]
          .filter(Boolean)
          .join(' · '),
      }))}
      value={chosen}
      onChange={onChoose}
    />
  );
}

function Ordered({
  order,
  offer,
  headingRef,
}: {
  order: ServiceOrder;
  offer: ServiceOfferView | undefined;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const { date } = usePaymentFormat();
  return (
    <section aria-labelledby="change-done-title" className={`mt-6 ${SUCCESS}`}>
      <h2
        id="change-done-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-navy-900 outline-none"
      >
        {intl.formatMessage({ id: 'services.change.done' }, { name: offer?.name ?? '', date: date(order.effectiveOn) })}
      </h2>
      <p className="mt-2">
        {intl.formatMessage({ id: 'services.change.doneBill' }, { date: date(order.preview.statementDate) })}
      </p>
      {order.status === 'installation_needed' ? (
        <p className="mt-2">{intl.formatMessage({ id: 'services.change.visitNeeded' })}</p>
      ) : null}
      <p className="mt-4 flex flex-wrap gap-4">
        <Link to="/services" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'services.change.toServices' })}
        </Link>
        <Link to="/billing" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'services.change.toBilling' })}
        </Link>
      </p>
    </section>
  );
}

export const UpgradePage = () => (
  <ChangeServicePage titleId="pages.changeService" introId="services.change.upgradeIntro" kinds={['internet']} />
);
export const BuyPage = () => (
  <ChangeServicePage titleId="pages.buy" introId="services.change.buyIntro" kinds={['tv', 'phone_line']} />
);
