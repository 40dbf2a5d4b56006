import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { stockFromBalance } from '../../../../shared/ordering/stock';
import type { Profile } from '../../../../shared/schemas/account';
import type { DishlistSummary } from '../../../../shared/schemas/ordering';
import type { Order } from '../../../../shared/schemas/orders';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDeadline, formatEuros, formatWeekdayDate } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useOrderPage } from '../api';
import { awayOn, dayDishes, menuDay } from '../model/week';
import { useDeadlinePassed } from '../use-deadline';
import { DeadlineCountdown } from './deadline-countdown';

const MyMenuOrders = lazy(() => import('./my-menu-orders').then((m) => ({ default: m.MyMenuOrders })));

interface WeekDayProps {
  id: string;
  menu: DishlistSummary;
  me: Profile;
  /** The day shown on a phone (the others are hidden there; on a wide screen every day shows). */
  current: boolean;
  /** The user's away days and their office's closed days. */
  away: readonly { day: string; kind: 'user' | 'location' }[];
  /** My orders on this menu (placed, cancelled, waiting for payment), from the week's answer. */
  orders: readonly Order[];
}

/**
 * One day of the week view: its deadline with the countdown, what I ordered that day (Change,
 * Cancel and Pay as on the order page), whether I am away, the day's dishes, and "Order for this day", which opens
 * the order page on this menu. Its menu and orders come with the week's one call (useWeek); a
 * menu that opened since is asked for on its own. When the deadline passes while the page is open the day turns
 * read-only at once (judged by the server's clock, as the order page does).
 */
export function WeekDay({ id, menu, me, current, away, orders }: WeekDayProps) {
  const { t } = useTranslation(['week', 'ordering']);
  const lang = useSession((s) => s.lang);
  const page = useOrderPage(menu.id);
  const data = page.data?.dishlist?.id === menu.id ? page.data : null;
  const passed = useDeadlinePassed(data);
  const open = data ? data.open && !passed : false;
  const location = me.is_customer ? me.location : null;
  const ordered = orders.some((o) => o.status === 1 || o.status === 2);
  const balance = data?.balance;
  const dishlist = data?.dishlist;
  const stock = useMemo(() => stockFromBalance(balance ?? []), [balance]);
  const dishes = useMemo(() => (dishlist ? dayDishes(dishlist, stock) : []), [dishlist, stock]);
  // Named by its day and its menu: two menus on one day are two regions of their own.
  const headingId = `${id}-h`;
  const awayKind = awayOn(menuDay(menu.from, menu.timezone), away);

  return (
    <section id={id} className={`card week-day${current ? ' is-current' : ''}`} aria-labelledby={`${headingId} ${id}-m`}>
      <h2 className="week-day__title" id={headingId}>
        {formatWeekdayDate(menu.from, lang, menu.timezone)}
      </h2>
      <p className="week-day__menu muted" id={`${id}-m`}>
        {menu.title}
      </p>
      <p className="week-day__deadline">
        <span className="muted">{t('menu.orderUntil')}</span>{' '}
        <time dateTime={menu.to}>{formatDeadline(data?.dishlist?.to ?? menu.to, lang, menu.timezone)}</time>
        {data && <DeadlineCountdown answer={data} />}
      </p>
      {!data && page.isPending && <Spinner block />}
      {!data && page.isError && <Notice tone="error">{t('errors.loadFailed')}</Notice>}
      {data && !open && <Notice tone="warning">{t('week.closed')}</Notice>}
      {awayKind && <Notice tone="info">{t(awayKind === 'user' ? 'week.away' : 'week.officeClosed')}</Notice>}
      {location && (
        <Suspense fallback={null}>
          <MyMenuOrders
            locationId={location.id}
            menuId={menu.id}
            open={open}
            clockOffset={data ? Date.parse(data.now) - data.receivedAt : 0}
            orders={orders}
          />
        </Suspense>
      )}
      {location && !ordered && <p className="week-day__none muted">{t('week.notOrdered')}</p>}
      {dishes.length > 0 && (
        <ul className="week-day__dishes" aria-label={t('week.dishes')}>
          {dishes.map((d) => (
            <li key={d.id} className={d.soldOut ? 'is-sold-out' : undefined}>
              <span className="week-day__dish">{d.title}</span>
              <span className="week-day__price">
                {d.soldOut
                  ? t('dish.soldOut')
                  : d.setMeal
                    ? t('dish.priceFrom', { price: formatEuros(d.price, lang) })
                    : formatEuros(d.price, lang)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Link className="btn btn--primary week-day__order" to={`/order?dishlist=${menu.id}`}>
          {ordered ? t('week.orderMore') : t('week.order')}
          <span className="visually-hidden"> {formatWeekdayDate(menu.from, lang, menu.timezone)}</span>
        </Link>
      )}
    </section>
  );
}
