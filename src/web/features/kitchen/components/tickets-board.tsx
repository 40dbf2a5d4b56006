import { useCallback, useEffect, useState } from 'react';
import { useNow } from '../use-now';
import { useTranslation } from '../../../lib/i18n';
import { dispatchUrgency } from '../../../../shared/kds-dispatch';
import type { KitchenTicket, TicketsResult } from '../../../../shared/schemas/kitchen';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { formatHourMinute, ticketIndexOfKey } from '../display';
import { TicketOrders } from './ticket-orders';

/** True when a key press belongs to a text field (it keeps every key). */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** True when Enter belongs to the focused control (a button or link acts on it itself). */
function ownEnter(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(BUTTON|A)$/.test(target.tagName);
}

interface Props {
  data: TicketsResult;
  /** The event stream is connected (an opened ticket's orders follow it, as the tickets do). */
  live: boolean;
  onAction(action: 'bump' | 'recall', ticket: string): Promise<unknown>;
  busy: boolean;
  error: unknown;
}

/**
 * The tickets view: one card per lap or location in delivery order, numbered 1–9 for the keys
 * (a bump bar sends the same keys): a number selects, Enter bumps the selected ticket, R recalls
 * the last bumped one. When a departure time is known, each card is coloured by the time left and says it in words.
 */
export function TicketsBoard({ data, live, onAction, busy, error }: Props) {
  const { t } = useTranslation('kitchen');
  const now = useNow(15_000);
  const [selected, setSelected] = useState<string | null>(null);
  // The tickets whose orders are shown (read on demand, decision 053).
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpened((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const tickets = data.tickets;
  const selectedIndex = tickets.findIndex((x) => x.key === selected);

  const bump = useCallback(
    (key: string) => {
      const i = tickets.findIndex((x) => x.key === key);
      // The selection moves to the ticket that takes the bumped one's place.
      setSelected(tickets[i + 1]?.key ?? tickets[i - 1]?.key ?? null);
      void onAction('bump', key);
    },
    [tickets, onAction],
  );
  const recallLast = useCallback(() => {
    const last = data.bumped[0];
    if (!last) return;
    setSelected(last.key);
    void onAction('recall', last.key);
  }, [data.bumped, onAction]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const index = ticketIndexOfKey(e.key, tickets.length);
      if (index !== null) {
        const key = tickets[index]!.key;
        setSelected(key);
        // Focus leaves any button, so the next Enter bumps rather than presses it.
        document.querySelector<HTMLElement>(`[data-ticket="${key}"]`)?.focus();
        e.preventDefault();
      } else if (e.key === 'Enter' && selectedIndex >= 0 && !ownEnter(e.target)) {
        bump(tickets[selectedIndex]!.key);
        e.preventDefault();
      } else if (e.key === 'r' || e.key === 'R') {
        recallLast();
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tickets, selectedIndex, bump, recallLast]);

  // The earliest departure of the menu's laps (decision 041); each ticket is coloured by its own
  // lap's. Without a planned time: no colour by time, and no time is made up.
  const urgency = data.dispatch_at ? dispatchUrgency(data.dispatch_at, now) : null;
  const dueText = urgency ? dueInWords(urgency.minutes, t) : null;
  const zone = data.dishlist.timezone;
  const dueOf = (ticket: KitchenTicket) => {
    const u = ticket.dispatch_at ? dispatchUrgency(ticket.dispatch_at, now) : null;
    return { level: u?.level ?? 'none', text: u ? dueInWords(u.minutes, t) : null };
  };

  return (
    <div className="kds-tickets-wrap">
      <p className="kds-keys">{t('tickets.keys')}</p>
      {data.dispatch_at && urgency ? (
        <p className={`kds-due kds-due--${urgency.level}`}>
          {t('tickets.dispatchAt', { time: formatHourMinute(data.dispatch_at, zone) })} — {dueText}
        </p>
      ) : (
        <p className="kds-due kds-due--none">{t('tickets.noDispatchTime')}</p>
      )}
      {error !== null && error !== undefined && <Notice tone="error">{errorMessage(error, t('errors.actionFailed'))}</Notice>}
      {tickets.length === 0 ? (
        <p className="kds-empty">{t('tickets.none')}</p>
      ) : (
        <ol className="kds-tickets" aria-label={t('tickets.open')}>
          {tickets.map((ticket, i) => (
            <li key={ticket.key}>
              <Ticket
                ticket={ticket}
                menuId={data.dishlist.id}
                live={live}
                open={opened.has(ticket.key)}
                onToggle={() => toggle(ticket.key)}
                number={i + 1}
                level={dueOf(ticket).level}
                dueText={dueOf(ticket).text}
                selected={ticket.key === selected}
                onSelect={() => setSelected(ticket.key)}
                onBump={() => bump(ticket.key)}
                busy={busy}
                zone={zone}
              />
            </li>
          ))}
        </ol>
      )}
      <section className="kds-recall" aria-labelledby="kds-recall-title">
        <h2 id="kds-recall-title" className="kds-recall__title">
          {t('tickets.bumped', { count: data.bumped.length })}
        </h2>
        {data.bumped.length === 0 ? (
          <p className="kds-recall__empty">{t('tickets.noneBumped')}</p>
        ) : (
          <ul className="kds-recall__list">
            {data.bumped.map((b) => (
              <li key={b.key} className="kds-recall__item">
                <span>
                  {ticketTitle(b, t)} · {t('tickets.bumpedAt', { time: formatHourMinute(b.bumped_at, zone) })}
                </span>
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onAction('recall', b.key)}>
                  {t('tickets.recall')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** "25 minutes to dispatch", "2 h 05 min to dispatch", "dispatch overdue by 5 minutes". */
function dueInWords(minutes: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  const abs = Math.abs(minutes);
  if (abs < 60) return minutes < 0 ? t('tickets.overdue', { count: abs }) : t('tickets.dueIn', { count: abs });
  const time = { hours: Math.floor(abs / 60), minutes: String(abs % 60).padStart(2, '0') };
  return minutes < 0 ? t('tickets.overdueLong', time) : t('tickets.dueInLong', time);
}

function ticketTitle(ticket: KitchenTicket, t: (key: string) => string): string {
  return ticket.title ?? t('tickets.noLocation');
}

interface TicketProps {
  ticket: KitchenTicket;
  menuId: number;
  live: boolean;
  open: boolean;
  onToggle(): void;
  number: number;
  level: string;
  dueText: string | null;
  selected: boolean;
  onSelect(): void;
  onBump(): void;
  busy: boolean;
  zone: string;
}

function Ticket({ ticket, menuId, live, open, onToggle, number, level, dueText, selected, onSelect, onBump, busy, zone }: TicketProps) {
  const { t } = useTranslation('kitchen');
  const id = `kds-ticket-${ticket.key.replace(':', '-')}`;
  return (
    <article
      className={`kds-ticket kds-ticket--${level}${selected ? ' is-selected' : ''}`}
      aria-labelledby={id}
      aria-current={selected ? 'true' : undefined}
      data-ticket={ticket.key}
      tabIndex={-1}
      onClick={onSelect}
    >
      <header className="kds-ticket__head">
        <span className="kds-ticket__num" aria-hidden="true">
          {number <= 9 ? number : '·'}
        </span>
        <h2 className="kds-ticket__title" id={id}>
          <span className="visually-hidden">{t('tickets.number', { number })} </span>
          {ticketTitle(ticket, t)}
        </h2>
        <span className="kds-ticket__portions">{t('tickets.portions', { count: ticket.portions })}</span>
        {/* At the top, so however many orders (or cancelled ones) the ticket holds, "Done" is in view. */}
        <Button
          className="kds-ticket__bump"
          variant="primary"
          disabled={busy}
          onClick={(e) => {
            e.stopPropagation();
            onBump();
          }}
        >
          {t('tickets.bump')}
        </Button>
      </header>
      {ticket.kind === 'lap' && ticket.stops.length > 0 && <p className="kds-ticket__stops">{ticket.stops.join(' → ')}</p>}
      {ticket.meeting && (
        <p className="kds-ticket__flags">
          <span className="kds-badge">{t('tickets.meeting', { host: ticket.meeting.host })}</span>
          {ticket.meeting.delivery_note && <strong> {t('tickets.deliverTo', { note: ticket.meeting.delivery_note })}</strong>}
        </p>
      )}
      {dueText && <p className="kds-ticket__due">{dueText}</p>}
      {(ticket.late || ticket.changed_after_bump) && (
        <p className="kds-ticket__flags">
          {ticket.changed_after_bump && <span className="kds-badge kds-badge--changed">{t('tickets.changedAfterBump')}</span>}
          {ticket.late && <span className="kds-badge kds-badge--late">{t('tickets.late')}</span>}
        </p>
      )}
      {ticket.lines.length > 0 && (
        <ul className="kds-ticket__lines">
          {ticket.lines.map((l, i) => (
            <li key={i} className="kds-line">
              <span className="kds-line__qty">{l.qty} ×</span> {l.title}
              {l.options.length > 0 && <span className="kds-line__options">{l.options.join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="kds-ticket__counts">
        {t('tickets.ordersCount', { count: ticket.order_count })}
        {ticket.cancelled_count > 0 && <> · {t('tickets.cancelledCount', { count: ticket.cancelled_count })}</>}
        {ticket.allergen_orders > 0 && (
          <span className="kds-ticket__allergens">
            {' '}
            · <span aria-hidden="true">⚠ </span>
            {t('tickets.allergenOrders', { count: ticket.allergen_orders })}
          </span>
        )}
      </p>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={open}
        onClick={(e) => {
          e.stopPropagation();
          onToggle();
        }}
      >
        {open ? t('tickets.hideOrders') : t('tickets.showOrders')}
      </Button>
      {open && <TicketOrders menuId={menuId} ticket={ticket.key} showLocation={ticket.kind === 'lap'} zone={zone} live={live} />}
    </article>
  );
}
