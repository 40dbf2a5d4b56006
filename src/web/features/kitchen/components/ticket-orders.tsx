import { useTranslation } from '../../../lib/i18n';
import type { TicketOrder } from '../../../../shared/schemas/kitchen';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useTicketOrders } from '../api';
import { formatHourMinute } from '../display';

/**
 * An opened ticket's orders (decision 053): read when the ticket is opened, kept live by the
 * display's events like the tickets themselves.
 */
export function TicketOrders({
  menuId,
  ticket,
  showLocation,
  zone,
  live,
}: {
  menuId: number;
  ticket: string;
  showLocation: boolean;
  zone: string;
  live: boolean;
}) {
  const { t } = useTranslation('kitchen');
  const orders = useTicketOrders(menuId, ticket, live, true);
  if (orders.isPending) return <Spinner />;
  if (!orders.data) return <Notice tone="error">{t('tickets.ordersFailed')}</Notice>;
  return (
    <ul className="kds-orders">
      {orders.data.orders.map((o) => (
        <TicketOrderRow key={o.id} order={o} showLocation={showLocation} zone={zone} />
      ))}
    </ul>
  );
}

function TicketOrderRow({ order, showLocation, zone }: { order: TicketOrder; showLocation: boolean; zone: string }) {
  const { t } = useTranslation('kitchen');
  const Lines = order.cancelled ? 'del' : 'div';
  return (
    <li className={`kds-order${order.cancelled ? ' kds-order--cancelled' : ''}`}>
      <p className="kds-order__who">
        <strong>{order.name}</strong>
        {showLocation && order.location ? ` · ${order.location}` : ''}
        <span className="kds-order__time"> · {formatHourMinute(order.placed_at, zone)}</span>
        {order.cancelled && <span className="kds-badge kds-badge--cancelled">{t('tickets.cancelled')}</span>}
        {order.late && <span className="kds-badge kds-badge--late">{t('tickets.lateOrder')}</span>}
      </p>
      {/* A cancelled order's lines sit on one struck-through line: they take little room. */}
      <Lines className="kds-order__lines">
        <ul>
          {order.lines.map((l, i) => (
            <li key={i} className={l.allergen ? 'kds-line kds-line--allergen' : 'kds-line'}>
              <span className="kds-line__qty">{l.qty} ×</span> {l.title}
              {l.guest_name && <strong> · {l.guest_name}</strong>}
              {l.allergen && <span className="kds-line__warn"> ⚠ {t('tickets.allergenLine')}</span>}
              {l.options.length > 0 && <span className="kds-line__options">{l.options.join(', ')}</span>}
            </li>
          ))}
        </ul>
      </Lines>
      {order.allergens.length > 0 && (
        <p className="kds-order__allergens">
          <span aria-hidden="true">⚠ </span>
          {t('alerts.avoids', { list: order.allergens.join(', ') })}
        </p>
      )}
      {order.meeting?.delivery_note && (
        <p className="kds-order__comment">{t('tickets.deliverTo', { note: order.meeting.delivery_note })}</p>
      )}
      {order.comment && <p className="kds-order__comment">{t('tickets.comment', { text: order.comment })}</p>}
    </li>
  );
}
