import { useId, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { DishlistSummary } from '../../../../shared/schemas/ordering';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatWeekdayDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDishlists, useMyAwayDays, useWeek } from '../api';
import { WeekDay } from '../components/week-day';
import { swipeStep } from '../model/week';
import '../../../styles/ordering.css';
import '../../../styles/week.css';

/**
 * /week (issue 27): the open menus of the coming days side by side; on a phone one day at a time
 * with day tabs (arrow keys) and a sideways swipe. Each day orders through the order page itself
 * (/order?dishlist=…), so the cart rules and the checkout are the ones of every order.
 */
export function Component() {
  const { t } = useTranslation(['week', 'ordering']);
  useDocumentTitle(t('week.title'));
  const lang = useSession((s) => s.lang);
  const me = useMe();
  const dishlists = useDishlists();
  // One call for every day's menu and my orders (it fills each day's order-page query).
  const week = useWeek();
  const away = useMyAwayDays(Boolean(me.data?.is_customer));
  const days: DishlistSummary[] = [...(dishlists.data?.dishlists ?? [])].sort(
    (a, b) => Date.parse(a.from) - Date.parse(b.from) || a.id - b.id,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const current = days.find((d) => d.id === chosen) ?? days[0] ?? null;
  const baseId = useId();
  const touch = useRef<{ x: number; y: number } | null>(null);

  const select = (index: number, focus: boolean) => {
    const day = days[index];
    if (!day) return;
    setChosen(day.id);
    if (focus) document.getElementById(`${baseId}-tab-${day.id}`)?.focus();
  };
  const currentIndex = current ? days.indexOf(current) : -1;
  const onTabKey = (e: KeyboardEvent) => {
    const last = days.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? Math.min(last, currentIndex + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, currentIndex - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    select(next, true);
  };
  const onTouchStart = (e: TouchEvent) => {
    const p = e.touches[0];
    touch.current = p ? { x: p.clientX, y: p.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const p = e.changedTouches[0];
    touch.current = null;
    if (!start || !p) return;
    const step = swipeStep(p.clientX - start.x, p.clientY - start.y);
    if (step !== 0) select(Math.max(0, Math.min(days.length - 1, currentIndex + step)), false);
  };

  let body;
  if (dishlists.isPending || me.isPending || week.isPending) body = <Spinner block size="lg" />;
  else if (dishlists.isError || me.isError || week.isError || !me.data) {
    body = (
      <Notice tone="error">
        {t('errors.loadFailed')}{' '}
        <Button size="sm" variant="ghost" onClick={() => void Promise.all([dishlists.refetch(), me.refetch(), week.refetch()])}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (days.length === 0) {
    body = (
      <div className="card order-empty">
        <p>{t('week.none')}</p>
      </div>
    );
  } else {
    const profile = me.data;
    body = (
      <>
        <div className="week-tabs" role="tablist" aria-label={t('week.days')} onKeyDown={onTabKey}>
          {days.map((d) => {
            const selected = d.id === current?.id;
            return (
              <button
                key={d.id}
                type="button"
                role="tab"
                id={`${baseId}-tab-${d.id}`}
                className={`week-tab${selected ? ' is-active' : ''}`}
                aria-selected={selected}
                aria-controls={`${baseId}-day-${d.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setChosen(d.id)}
              >
                {formatWeekdayDate(d.from, lang, d.timezone)}
              </button>
            );
          })}
        </div>
        <div className="week-days" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          {days.map((d) => (
            <WeekDay
              key={d.id}
              id={`${baseId}-day-${d.id}`}
              menu={d}
              me={profile}
              current={d.id === current?.id}
              away={away.data?.data ?? []}
              orders={week.data.orders.filter((o) => o.dishlist.id === d.id)}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <section className="page week-page">
      <p>
        <Link className="link" to="/order">
          {t('week.back')}
        </Link>
      </p>
      <h1 className="page__title">{t('week.title')}</h1>
      <p className="muted">{t('week.intro')}</p>
      {me.data?.is_customer && (
        <p>
          <Link className="link" to="/plan-ahead">
            {t('week.planAhead')}
          </Link>
        </p>
      )}
      {body}
    </section>
  );
}
