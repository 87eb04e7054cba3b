import { useParams } from '@tanstack/react-router';
import type { MobileOrder } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useMobileOrder } from '../api/get-mobile-order';
import { isNoMobileService, isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';
import { ORDER_STATUS_NAMES } from '../utils/mobile-orders';
import { BackLink } from './back-link';
import { NoMobileService } from './no-mobile-service';

const TERM = 'font-semibold text-ink-muted';

function OrderDetails({ order }: { order: MobileOrder }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const columns = [
    { label: intl.formatMessage({ id: 'mobile.order.item' }) },
    { label: intl.formatMessage({ id: 'mobile.order.quantity' }), align: 'end' as const },
    { label: intl.formatMessage({ id: 'mobile.order.unitPrice' }), align: 'end' as const },
    { label: intl.formatMessage({ id: 'mobile.order.itemTotal' }), align: 'end' as const },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  const facts: [string, string][] = [
    [intl.formatMessage({ id: 'mobile.orders.number' }), order.orderNumber],
    [intl.formatMessage({ id: 'mobile.orders.placedOn' }), format.date(order.placedOn)],
    [intl.formatMessage({ id: 'mobile.orders.status' }), intl.formatMessage({ id: ORDER_STATUS_NAMES[order.status] })],
    [intl.formatMessage({ id: 'mobile.order.shipTo' }), order.shipTo],
  ];
  const totals: [string, string][] = [
    [intl.formatMessage({ id: 'mobile.order.subtotal' }), format.money(order.subtotalCents)],
    [intl.formatMessage({ id: 'mobile.order.tax' }), format.money(order.taxCents)],
    [intl.formatMessage({ id: 'mobile.order.shipping' }), format.money(order.shippingCents)],
    [intl.formatMessage({ id: 'mobile.order.total' }), format.money(order.totalCents)],
  ];
  return (
    <div className="mt-6 grid gap-6">
      <section aria-labelledby="order-summary-title" className={CARD}>
        <h2 id="order-summary-title" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'mobile.order.summary' })}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 narrow:grid-cols-[max-content_1fr]" data-testid="order-facts">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className={TERM}>{term}</dt>
              <dd className="whitespace-pre-line text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="order-items-title" className={CARD}>
        <h2 id="order-items-title" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'mobile.order.items' })}
        </h2>
        <div className="mt-3">
          <ResponsiveTable
            caption={intl.formatMessage({ id: 'mobile.order.itemsCaption' }, { count: order.items.length })}
            columns={columns}
          >
            {order.items.map((item) => (
              // Items have no id; an order lists an article once, so what it is and costs names it.
              <ResponsiveRow key={`${item.description}|${item.unitPriceCents}|${item.financed}`}>
                <ResponsiveCell label={label(0)}>
                  {item.description}
                  {item.financed ? (
                    <span className="block text-sm text-ink-muted">
                      {intl.formatMessage({ id: 'mobile.order.financed' })}
                    </span>
                  ) : null}
                </ResponsiveCell>
                <ResponsiveCell label={label(1)} align="end">
                  {intl.formatNumber(item.quantity)}
                </ResponsiveCell>
                <ResponsiveCell label={label(2)} align="end">
                  {format.money(item.unitPriceCents)}
                </ResponsiveCell>
                <ResponsiveCell label={label(3)} align="end">
                  {format.money(item.totalCents)}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2" data-testid="order-totals">
            {totals.map(([term, value], index) => (
              <div key={term} className="contents">
                <dt className={index === totals.length - 1 ? 'font-bold text-ink' : TERM}>{term}</dt>
                <dd
                  className={`text-right tabular-nums ${index === totals.length - 1 ? 'font-bold text-ink' : 'text-ink'}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}

/** `/billing/mobile/orders/$orderId` (spec §2.4 "order details"): what was ordered, its totals and where it went. */
export function MobileOrderDetailPage() {
  const intl = useIntl();
  const { orderId } = useParams({ from: '/billing/mobile/orders/$orderId' });
  const order = useMobileOrder(orderId);
  return (
    <div className={PAGE}>
      <BackLink to="/billing/mobile" labelId="pages.mobileBilling" />
      <h1 className={`${PAGE_TITLE} mt-4`}>
        {order.data
          ? intl.formatMessage({ id: 'mobile.order.title' }, { number: order.data.orderNumber })
          : intl.formatMessage({ id: 'pages.mobileOrder' })}
      </h1>
      {order.data ? (
        <OrderDetails order={order.data} />
      ) : isNoMobileService(order.error) ? (
        <NoMobileService />
      ) : order.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="mobile.errors.order.title"
          bodyId={mobileErrorBodyId(order.error, 'mobile.errors.order.body', 'mobile.errors.order.notFound')}
          onRetry={isRetryable(order.error) ? () => void order.refetch() : undefined}
          isRetrying={order.isFetching}
        />
      ) : (
        <PanelSkeleton className="mt-6" />
      )}
    </div>
  );
}
