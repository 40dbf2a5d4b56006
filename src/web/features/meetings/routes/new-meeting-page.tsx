import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GUEST_NAME_MAX, DELIVERY_NOTE_MAX } from '../../../../shared/schemas/meetings';
import type { DishlistsResult, OrderPageData } from '../../../../shared/schemas/ordering';
import type { Paged } from '../../../../shared/list-query';
import { Button } from '../../../components/ui/button';
import { CostCentreSelect } from '../../../components/cost-centres/cost-centre-select';
import {
  SetMealOptions,
  setMealCents,
  setMealChoices,
  setMealComplete,
  type SetMealChosen,
  type SetMealGroup,
} from '../../../components/set-meals/set-meal-options';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/error-message';
import { Field, TextAreaField, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatEuros } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useApiQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { meetingsApi, useMeetings, type CreateMeetingInput, type MeetingOrder } from '../api';
import '../../../styles/manage.css';
import '../meetings.css';

/** Portions per dish id, and the guest names typed for them (one per portion, '' unnamed). */
type Portions = Record<number, { qty: number; guests: string[] }>;

/** A set meal's portion: its own options and guest ('' unnamed). */
export interface SetPortion {
  key: number;
  dishId: number;
  chosen: SetMealChosen;
  guest: string;
}

/**
 * The order's lines: a line per named guest, the unnamed portions of a dish on one line;
 * a line per set meal portion (each has its own options).
 */
export function meetingLines(
  portions: Portions,
  sets: SetPortion[] = [],
  groupsOf: (dishId: number) => SetMealGroup[] = () => [],
): CreateMeetingInput['items'] {
  const plain = Object.entries(portions).flatMap(([id, p]) => {
    const named = p.guests.slice(0, p.qty).map((g) => g.trim());
    const lines = named.filter(Boolean).map((guest_name) => ({ id: Number(id), qty: 1, guest_name }));
    const unnamed = p.qty - lines.length;
    return unnamed > 0 ? [...lines, { id: Number(id), qty: unnamed }] : lines;
  });
  const meals = sets.map((s) => ({
    id: s.dishId,
    qty: 1,
    complex: setMealChoices(groupsOf(s.dishId), s.chosen),
    ...(s.guest.trim() ? { guest_name: s.guest.trim() } : {}),
  }));
  return [...plain, ...meals];
}

/** /meetings/new?menu=: a location manager's or staff member's order for a meeting (issue 29). */
export function Component() {
  const { t } = useTranslation('meetings');
  const lang = useSession((s) => s.lang);
  const money = (euros: number) => formatEuros(euros, lang);
  useDocumentTitle(t('new.title'));
  const me = useMe();
  const staff = me.data?.role === 'admin' || me.data?.role === 'kitchen';
  const [params, setParams] = useSearchParams();
  const [locationId, setLocationId] = useState<number | null>(null);
  const menus = useApiQuery<DishlistsResult>(['meetings', 'menus'], '/app/order/dishlists', { staleTime: 60_000 });
  const locations = useApiQuery<Paged<{ id: number; title: string }>>(['meetings', 'locations'], '/app/locations', {
    query: { per_page: 'all' },
    enabled: staff,
  });
  const menuId = Number(params.get('menu')) || menus.data?.dishlists[0]?.id || null;
  const page = useApiQuery<OrderPageData>(['meetings', 'menu', menuId], `/app/order/create/${menuId}`, { enabled: menuId !== null });
  const meetings = useMeetings(staff ? locationId : null);
  const [portions, setPortions] = useState<Portions>({});
  const [sets, setSets] = useState<SetPortion[]>([]);
  const [note, setNote] = useState('');
  const [costCentre, setCostCentre] = useState<number | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<MeetingOrder | null>(null);

  const all = (page.data?.dishlist?.categories ?? []).flatMap((c) => c.dishes);
  const dishes = all.filter((d) => d.type === 'simple');
  const meals = all.filter((d) => d.type === 'complex');
  const mealOf = new Map(meals.map((d) => [d.id, d]));
  const groupsOf = (id: number): SetMealGroup[] => mealOf.get(id)?.complex ?? [];
  const priceOf = new Map(dishes.map((d) => [d.id, d.price]));
  const totalCents =
    Object.entries(portions).reduce((s, [id, p]) => s + Math.round((priceOf.get(Number(id)) ?? 0) * 100) * p.qty, 0) +
    sets.reduce((s, p) => s + setMealCents(mealOf.get(p.dishId)?.price ?? 0, groupsOf(p.dishId), p.chosen), 0);
  const total = totalCents / 100;
  const limit = staff && locationId === null ? null : (meetings.data?.location?.meeting_limit ?? null);
  const count = Object.values(portions).reduce((n, p) => n + p.qty, 0) + sets.length;
  const over = limit !== null && total > limit;
  const noMeetings = meetings.data !== undefined && meetings.data.location !== null && limit === null;

  const setQty = (id: number, qty: number) =>
    setPortions((all) => {
      const p = all[id] ?? { qty: 0, guests: [] };
      const next = { ...all, [id]: { ...p, qty: Math.max(0, Math.min(100, qty || 0)) } };
      if (next[id]!.qty === 0) delete next[id];
      return next;
    });
  const setGuest = (id: number, i: number, name: string) =>
    setPortions((all) => {
      const p = all[id]!;
      const guests = [...p.guests];
      guests[i] = name;
      return { ...all, [id]: { ...p, guests } };
    });

  const addSet = (dishId: number) => setSets((all) => [...all, { key: Date.now() + all.length, dishId, chosen: {}, guest: '' }]);
  const changeSet = (key: number, change: Partial<SetPortion>) =>
    setSets((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const removeSet = (key: number) => setSets((all) => all.filter((p) => p.key !== key));

  const submit = async () => {
    if (menuId === null) return;
    setBusy(true);
    setError(null);
    try {
      const order = await meetingsApi.create({
        menu_id: menuId,
        ...(staff && locationId !== null ? { location_id: locationId } : {}),
        items: meetingLines(portions, sets, groupsOf),
        delivery_note: note,
        cost_centre_id: costCentre ?? null,
      });
      setPlaced(order ?? null);
      setPortions({});
      setSets([]);
      setNote('');
      setConfirming(false);
    } catch (err) {
      setError(errorMessage(err, t('new.failed')));
    } finally {
      setBusy(false);
    }
  };

  if (me.isPending || menus.isPending) return <Spinner block />;
  if (!staff && !me.data?.is_location_manager) return <Notice tone="info">{t('notManager')}</Notice>;

  return (
    <section className="page meetings-page">
      <h1 className="page__title">{t('new.title')}</h1>
      {placed && (
        <Notice tone="success">
          {t('new.placed', { count: placed.portions, total: money(placed.amount) })}{' '}
          <Link className="link" to={`/meetings#meeting-${placed.id}`}>
            {t('new.open', { id: placed.id })}
          </Link>
        </Notice>
      )}
      <form
        className="card meetings-form"
        aria-labelledby="meeting-form-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (sets.some((p) => !setMealComplete(groupsOf(p.dishId), p.chosen))) {
            setError(t('new.chooseOptions'));
            return;
          }
          setError(null);
          setConfirming(true);
        }}
      >
        <h2 id="meeting-form-title" className="visually-hidden">
          {t('new.title')}
        </h2>
        <Field label={t('new.menu')}>
          {(props) => (
            <select {...props} className="input" value={menuId ?? ''} onChange={(e) => setParams({ menu: e.target.value })}>
              {(menus.data?.dishlists ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        {staff && (
          <Field label={t('new.location')} required>
            {(props) => (
              <select
                {...props}
                className="input"
                value={locationId ?? ''}
                onChange={(e) => setLocationId(Number(e.target.value) || null)}
                required
              >
                <option value="">{t('new.chooseLocation')}</option>
                {(locations.data?.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {noMeetings && <Notice tone="info">{t('new.noMeetings')}</Notice>}
        {menus.data?.dishlists.length === 0 && <Notice tone="info">{t('new.noMenus')}</Notice>}
        {page.isFetching && !page.data ? (
          <Spinner block />
        ) : (
          <fieldset className="meetings-dishes">
            <legend>{t('new.dishes')}</legend>
            {dishes.map((d) => {
              const p = portions[d.id];
              return (
                <div key={d.id} className="meetings-dish">
                  <TextField
                    label={`${d.title} · ${money(d.price)}`}
                    type="number"
                    min={0}
                    max={Math.min(100, d.qty ?? 100)}
                    inputMode="numeric"
                    value={p?.qty ?? 0}
                    onChange={(e) => setQty(d.id, Number(e.target.value))}
                    hint={d.qty !== null ? t('new.left', { count: d.qty }) : undefined}
                  />
                  {p &&
                    Array.from({ length: p.qty }, (_, i) => (
                      <TextField
                        key={i}
                        label={t('new.guest', { n: i + 1, dish: d.title })}
                        maxLength={GUEST_NAME_MAX}
                        autoComplete="off"
                        value={p.guests[i] ?? ''}
                        onChange={(e) => setGuest(d.id, i, e.target.value)}
                      />
                    ))}
                </div>
              );
            })}
            {meals.map((d) => {
              const mine = sets.filter((p) => p.dishId === d.id);
              return (
                <div key={d.id} className="meetings-dish">
                  <p className="meetings-set__title">
                    {d.title} · {t('new.setFrom', { price: money(d.priceFrom) })}
                    {d.qty !== null && <span className="muted"> · {t('new.left', { count: d.qty })}</span>}
                  </p>
                  {mine.map((p, i) => (
                    <fieldset key={p.key} className="meetings-set">
                      <legend>{t('new.setPortion', { n: i + 1, dish: d.title })}</legend>
                      <SetMealOptions
                        groups={d.complex}
                        chosen={p.chosen}
                        price={money}
                        onChoose={(g, o) => changeSet(p.key, { chosen: { ...p.chosen, [g]: o } })}
                      />
                      <TextField
                        label={t('new.guest', { n: i + 1, dish: d.title })}
                        maxLength={GUEST_NAME_MAX}
                        autoComplete="off"
                        value={p.guest}
                        onChange={(e) => changeSet(p.key, { guest: e.target.value })}
                      />
                      <Button type="button" variant="secondary" onClick={() => removeSet(p.key)}>
                        {t('new.removeSet', { n: i + 1, dish: d.title })}
                      </Button>
                    </fieldset>
                  ))}
                  <Button type="button" variant="secondary" onClick={() => addSet(d.id)} disabled={sets.length >= 100}>
                    {t('new.addSet', { dish: d.title })}
                  </Button>
                </div>
              );
            })}
          </fieldset>
        )}
        <TextAreaField
          label={t('new.deliveryNote')}
          hint={t('new.deliveryHint')}
          maxLength={DELIVERY_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <CostCentreSelect value={costCentre} onChange={setCostCentre} locationId={staff ? (locationId ?? undefined) : undefined} />
        <p className={over ? 'meetings-total meetings-total--over' : 'meetings-total'} role="status" aria-live="polite">
          {limit !== null ? t('new.totalOfLimit', { total: money(total), limit: money(limit) }) : t('new.total', { total: money(total) })}
          {over && ` ${t('new.overLimit')}`}
        </p>
        {error && !confirming && <Notice tone="error">{error}</Notice>}
        <div className="form-actions">
          <Button type="submit" disabled={count === 0 || over || noMeetings || menuId === null || (staff && locationId === null)}>
            {t('new.submit')}
          </Button>
          <Link className="link" to="/meetings">
            {t('list.title')}
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title={t('new.confirmTitle')}
        message={t('new.confirmText', { count, total: money(total) })}
        confirmLabel={t('new.confirm')}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
        busy={busy}
        error={error}
      />
    </section>
  );
}
