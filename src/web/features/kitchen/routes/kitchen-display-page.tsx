import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import type { TicketGrouping } from '../../../../shared/schemas/kitchen';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKitchen, useLiveKitchen, useOnline, useTicketAction, useTickets, type KitchenResult } from '../api';
import { KITCHEN_REFRESH_MS, fitScale, formatClock, formatHourMinute, groupTotal, isEmpty, parseMenuId } from '../display';
import { useFullscreen } from '../use-fullscreen';
import { useNow } from '../use-now';
import '../../../styles/kitchen.css';
import { StatusPage } from '../../../components/ui/status-page';
import { AllergenAlerts } from '../components/allergen-alerts';
import { TicketsBoard } from '../components/tickets-board';
import { LeftoversPanel } from '../components/leftovers-panel';
import { QuickStock } from '../../../components/stock/quick-stock';
import { KitchenPrintOuts } from '../../../components/kitchen/print-outs';

type View = 'all' | 'tickets' | 'leftovers';
const VIEWS: readonly View[] = ['all', 'tickets', 'leftovers'];

/**
 * /kds/{menuId}: the kitchen display (spec 2, 3, 4; decision 041). Three views: "all day" (what to
 * cook, counted), "tickets" (per lap or location, bumped when done) and "left over" (portions left
 * after the deadline, issue 27, decision 064). Live through the event
 * stream, polled every 10 s only while the stream is down; with no network it keeps its last
 * data and says how old it is.
 */
export function Component() {
  const { t, i18n } = useTranslation('kitchen');
  const { menuId: rawId } = useParams();
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.find((v) => v !== 'all' && v === params.get('view')) ?? 'all';
  const by: TicketGrouping = params.get('by') === 'location' ? 'location' : 'lap';
  const menuId = parseMenuId(rawId);
  const live = useLiveKitchen(menuId);
  const online = useOnline();
  const kitchen = useKitchen(menuId, live);
  const tickets = useTickets(menuId, by, live, view === 'tickets');
  const action = useTicketAction(menuId);
  const data = kitchen.data;
  const menu = data?.dishlist ?? tickets.data?.dishlist;
  useDocumentTitle(menu ? `${t('title')}: ${menu.title}` : t('title'));
  const display = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(display);
  const change = useTotalChange(data);
  const now = useNow(5_000);
  // The "Left over" view reads its own data (LeftoversPanel); the header keeps the counts'.
  const shown = view === 'tickets' ? tickets : kitchen;
  const shownData = shown.data;
  // The earliest planned departure among the menu's laps (decision 041); nothing when none has one.
  const departure = shownData?.dispatch_at ?? null;

  const setView = (next: View, nextBy: TicketGrouping = by) => {
    const p = new URLSearchParams(params);
    if (next === 'all') p.delete('view');
    else p.set('view', next);
    if (nextBy === 'location') p.set('by', 'location');
    else p.delete('by');
    setParams(p, { replace: true });
  };

  if (menuId === null || (!data && isNotFound(kitchen.error))) return <StatusPage kind="notFound" />;
  let body: ReactNode;
  if (shown.isPending) {
    body = <Spinner block />;
  } else if (!shownData) {
    body = (
      <Notice tone="error">
        {errorMessage(shown.error, t('errors.loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void shown.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (view === 'leftovers' && menuId !== null && menu) {
    body = <LeftoversPanel menuId={menuId} live={live} timezone={menu.timezone} />;
  } else if (view === 'tickets' && tickets.data) {
    body = (
      <TicketsBoard
        data={tickets.data}
        live={live}
        busy={action.isPending}
        error={action.error}
        onAction={(a, ticket) => action.mutateAsync({ action: a, ticket }).catch(() => undefined)}
      />
    );
  } else if (data && isEmpty(data)) {
    body = <p className="kds-empty">{t('empty')}</p>;
  } else if (data) {
    body = <Board data={data} screen={display} fullscreen={fullscreen.active} />;
  }
  // No network, a failed refresh, or (stream down) an answer older than three refreshes: the
  // service worker answers from its cache when the server cannot be reached (decision 023).
  const offline =
    shownData !== undefined && (!online || shown.isError || (!live && now - Date.parse(shownData.updated_at) > 3 * KITCHEN_REFRESH_MS));

  return (
    <section ref={display} className={`page kds${fullscreen.active ? ' kds--fullscreen' : ''}`} aria-labelledby="kds-title">
      <header className="kds-head">
        <div className="kds-head__text">
          <h1 className="page__title kds-head__title" id="kds-title">
            {menu ? menu.title : t('title')}
            {menu && !menu.title.includes(formatDate(menu.from, i18n.language, menu.timezone)) && (
              <span className="kds-head__date"> {formatDate(menu.from, i18n.language, menu.timezone)}</span>
            )}
          </h1>
          {shownData && (
            <p className="kds-head__updated" aria-live="off">
              {t('updatedAt', { time: formatClock(shownData.updated_at, shownData.dishlist.timezone) })}
              {!live && online && <span className="kds-head__polling"> · {t('polling')}</span>}
              {departure && (
                <>
                  {' · '}
                  <strong className="kds-head__departure">
                    {t('departure', { time: formatHourMinute(departure, shownData.dishlist.timezone) })}
                  </strong>
                </>
              )}
            </p>
          )}
        </div>
        {/* Header actions: the fullscreen toggle, and room for more (downloads). */}
        <div className="kds-head__actions">
          {menuId !== null && <QuickStock menuId={menuId} />}
          {menuId !== null && <KitchenPrintOuts menuId={menuId} />}
          {fullscreen.supported && (
            <Button className="kds-head__toggle" aria-pressed={fullscreen.active} onClick={fullscreen.toggle}>
              {fullscreen.active ? t('exitFullscreen') : t('fullscreen')}
            </Button>
          )}
        </div>
      </header>
      {offline && shownData && (
        <p className="kds-offline" role="status">
          <strong>{t('offline', { time: formatHourMinute(shownData.updated_at, shownData.dishlist.timezone) })}</strong>
        </p>
      )}
      {data && (
        // Each refresh is not announced, only a change of what there is to cook (politely).
        <Notice tone="info" className="visually-hidden">
          {change && t('changed', change)}
        </Notice>
      )}
      <div className="kds-views">
        <div
          className="kds-tabs"
          role="tablist"
          aria-label={t('views')}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
            const step = e.key === 'ArrowRight' ? 1 : VIEWS.length - 1;
            const next = VIEWS[(VIEWS.indexOf(view) + step) % VIEWS.length]!;
            setView(next);
            document.getElementById(`kds-tab-${next}`)?.focus();
          }}
        >
          <ViewTab id="all" current={view} onSelect={() => setView('all')}>
            {t('allDay')}
          </ViewTab>
          <ViewTab id="tickets" current={view} onSelect={() => setView('tickets')}>
            {t('tickets.title')}
          </ViewTab>
          <ViewTab id="leftovers" current={view} onSelect={() => setView('leftovers')}>
            {t('leftovers.tab')}
          </ViewTab>
        </div>
        {view === 'tickets' && (
          <div className="kds-grouping" role="group" aria-label={t('tickets.grouping')}>
            {(['lap', 'location'] as const).map((g) => (
              <Button
                key={g}
                size="sm"
                variant={by === g ? 'primary' : 'secondary'}
                aria-pressed={by === g}
                onClick={() => setView('tickets', g)}
              >
                {t(g === 'lap' ? 'tickets.byLap' : 'tickets.byLocation')}
              </Button>
            ))}
          </div>
        )}
      </div>
      <div className="kds-panel" role="tabpanel" id={`kds-panel-${view}`} aria-labelledby={`kds-tab-${view}`}>
        {body}
      </div>
    </section>
  );
}

function ViewTab({ id, current, onSelect, children }: { id: View; current: View; onSelect(): void; children: ReactNode }) {
  const selected = id === current;
  return (
    <button
      type="button"
      role="tab"
      id={`kds-tab-${id}`}
      className={`kds-tab${selected ? ' is-active' : ''}`}
      aria-selected={selected}
      aria-controls={selected ? `kds-panel-${id}` : undefined}
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

/** The total to cook, and what it was, when a refresh changed it; null until then. */
function useTotalChange(data: KitchenResult | undefined) {
  const total = data ? data.dishes.reduce((sum, g) => sum + groupTotal(g), 0) : null;
  const [shown, setShown] = useState<{ count: number; before: number } | null>(null);
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (total === null) return;
    if (previous.current !== null && previous.current !== total) setShown({ count: total, before: previous.current });
    previous.current = total;
  }, [total]);
  return shown;
}

/** Screens at least this wide are wall displays: the board shrinks to fit them instead of scrolling. */
const WALL_SCREEN_MIN_WIDTH = 1024;

/**
 * On a wall screen, shrinks the board's type (its --kds-scale) until the page, or the display
 * itself in fullscreen, ends at the bottom of the screen; again whenever the data or the screen
 * size changes. Phones and small windows scroll as usual.
 */
function useFitScreen(board: RefObject<HTMLElement | null>, screen: RefObject<HTMLElement | null>, fullscreen: boolean, data: unknown) {
  const [size, setSize] = useState(0);
  useEffect(() => {
    const onResize = () => setSize((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useLayoutEffect(() => {
    const el = board.current;
    if (!el) return;
    if (window.innerWidth < WALL_SCREEN_MIN_WIDTH) {
      el.style.removeProperty('--kds-scale');
      return;
    }
    const root = document.documentElement;
    const fits = (scale: number) => {
      el.style.setProperty('--kds-scale', String(scale));
      const box = fullscreen ? screen.current : null;
      return box ? box.scrollHeight <= box.clientHeight : root.scrollHeight <= window.innerHeight;
    };
    fits(fitScale(fits));
  }, [board, screen, fullscreen, data, size]);
}

/** The set meals and one tile per category with big quantities, in columns that fit the screen. */
function Board({ data, screen, fullscreen }: { data: KitchenResult; screen: RefObject<HTMLElement | null>; fullscreen: boolean }) {
  const { t } = useTranslation('kitchen');
  const board = useRef<HTMLDivElement>(null);
  useFitScreen(board, screen, fullscreen, data);
  return (
    <div className="kds-board" ref={board}>
      <AllergenAlerts alerts={data.allergen_alerts} />
      {data.initials.length > 0 && (
        <section className="kds-tile kds-tile--sets" aria-labelledby="kds-sets">
          <h2 className="kds-tile__title" id="kds-sets">
            {t('initials')}
          </h2>
          <ul className="kds-list">
            {data.initials.map((d) => (
              <li key={d.id} className="kds-row">
                <span className="kds-row__title">{d.title}</span>
                <span className="kds-row__qty">{d.qty}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.dishes
        .filter((g) => g.data.length > 0)
        .map((g) => (
          <section key={g.key} className="kds-tile" aria-labelledby={`kds-cat-${g.key}`}>
            <h2 className="kds-tile__title" id={`kds-cat-${g.key}`}>
              <span>{g.title}</span>
              <span className="kds-tile__total">
                <span aria-hidden="true">Σ {groupTotal(g)}</span>
                <span className="visually-hidden">{t('total', { count: groupTotal(g) })}</span>
              </span>
            </h2>
            <ul className="kds-list">
              {g.data.map((d) => (
                <li key={d.id} className="kds-row">
                  <span className="kds-row__title">{d.title}</span>
                  <span className="kds-row__qty">{d.qty}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
