import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useMobileOrders } from '../api/find-mobile-orders';
import { isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';
import { ORDER_STATUS_NAMES } from '../utils/mobile-orders';

/** The mobile orders (spec §2.4 "order details"), each linking to its details. Its failure stays inside the card. */
export function MobileOrdersCard() {
  const intl = useIntl();
  const format = usePaymentFormat();
  const orders = useMobileOrders();
  const columns = [
    { label: intl.formatMessage({ id: 'mobile.orders.number' }) },
    { label: intl.formatMessage({ id: 'mobile.orders.placedOn' }) },
    { label: intl.formatMessage({ id: 'mobile.orders.status' }) },
    { label: intl.formatMessage({ id: 'mobile.orders.total' }), align: 'end' as const },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <section aria-labelledby="mobile-orders-title" className={CARD}>
      <h2 id="mobile-orders-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'mobile.orders.title' })}
      </h2>
      <div className="mt-3">
        {orders.data ? (
          orders.data.orders.length === 0 ? (
            <p className="text-ink">{intl.formatMessage({ id: 'mobile.orders.empty' })}</p>
          ) : (
            <ResponsiveTable caption={intl.formatMessage({ id: 'mobile.orders.caption' })} columns={columns}>
              {orders.data.orders.map((order) => (
                <ResponsiveRow key={order.id}>
                  <ResponsiveCell label={label(0)}>
                    <Link to="/billing/mobile/orders/$orderId" params={{ orderId: order.id }} className={TEXT_LINK}>
                      {order.orderNumber}
                    </Link>
                  </ResponsiveCell>
                  <ResponsiveCell label={label(1)}>{format.date(order.placedOn)}</ResponsiveCell>
                  <ResponsiveCell label={label(2)}>
                    {intl.formatMessage({ id: ORDER_STATUS_NAMES[order.status] })}
                  </ResponsiveCell>
                  <ResponsiveCell label={label(3)} align="end">
                    {format.money(order.totalCents)}
                  </ResponsiveCell>
                </ResponsiveRow>
              ))}
            </ResponsiveTable>
          )
        ) : orders.isError ? (
          <ErrorNotice
            headingLevel={3}
            titleId="mobile.errors.order.title"
            bodyId={mobileErrorBodyId(orders.error, 'mobile.errors.orders.body')}
            onRetry={isRetryable(orders.error) ? () => void orders.refetch() : undefined}
            isRetrying={orders.isFetching}
          />
        ) : (
          <PanelSkeleton lines={1} />
        )}
      </div>
    </section>
  );
}
