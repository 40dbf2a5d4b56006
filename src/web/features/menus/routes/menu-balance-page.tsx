import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormErrorNotice, errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { isApiError, type FieldErrors } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import {
  MENUS_KEY,
  menusApi,
  useAllDishes,
  useMenu,
  useMenuBalance,
  useMenuForecast,
  useWithdrawals,
  useDishRatings,
  type Dish,
  type MenuBalance,
  type MenuDetail,
  type MenuForecast,
} from '../api';
import { applySuggestions, balancePayload, editBalance, groupByCategory, type BalanceEdits } from '../balance';
import { ForecastBar, ForecastHint } from '../components/balance-forecast';
import { WithdrawDishDialog, type WithdrawTarget } from '../components/withdraw-dish-dialog';
import { DishRating } from '../components/dish-rating';
import { parseQty } from '../../../lib/quantity';
import { pickText } from '../../../lib/translated-text';
import { StatusPage } from '../../../components/ui/status-page';
import { isNotFound } from '../../../lib/api';
import { ProviderBadge } from '../../../components/manage/provider-badge';

/** /menu/{id}/balance: stock per dish of a menu; empty means unlimited; only edits are saved. */
export function Component() {
  const { t } = useTranslation('menus');
  const { menuId } = useParams();
  const id = Number(menuId);
  const valid = Number.isInteger(id) && id > 0;
  const menu = useMenu(valid ? id : null);
  useDocumentTitle(t('balance.title', { title: menu.data?.title ?? '' }));
  if (!valid || (!menu.data && isNotFound(menu.error))) return <StatusPage kind="notFound" />;

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('balance.title', { title: menu.data?.title ?? '' })}</h1>
        <div className="mgmt__head-actions">
          <Link className="btn btn--ghost" to={`/menu/${id}`}>
            {t('balance.backToMenu')}
          </Link>
        </div>
      </header>
      <ProviderBadge />
      <BalanceLoader id={id} menu={menu.data} menuError={menu.error} />
    </section>
  );
}

function BalanceLoader({ id, menu, menuError }: { id: number; menu: MenuDetail | undefined; menuError: Error | null }) {
  const { t } = useTranslation('menus');
  const balance = useMenuBalance(id);
  const dishes = useAllDishes();
  // The suggestions come on their own: the editor does not wait for them (decision 062).
  const forecast = useMenuForecast(id);
  const error = menuError ?? balance.error;
  if (error) return <Notice tone="error">{errorMessage(error, t('errors.loadFailed'))}</Notice>;
  if (!menu || !balance.data || dishes.isPending) return <Spinner block />;
  return (
    <BalanceEditor
      id={id}
      menu={menu}
      stored={balance.data}
      dishes={dishes.data?.data ?? []}
      forecast={{ data: forecast.data, loading: forecast.isPending, failed: forecast.isError }}
    />
  );
}

interface BalanceEditorProps {
  id: number;
  menu: MenuDetail;
  stored: MenuBalance;
  dishes: Dish[];
  forecast: { data: MenuForecast | undefined; loading: boolean; failed: boolean };
}

function BalanceEditor({ id, menu, stored, dishes, forecast }: BalanceEditorProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const client = useQueryClient();
  const [current, setCurrent] = useState(stored.balance);
  const [edits, setEdits] = useState<BalanceEdits>({});
  /** Texts that are not a valid quantity yet, shown as typed with a message. */
  const [invalid, setInvalid] = useState<Record<number, string>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  // Withdrawing a dish after people ordered it (decision 083).
  const withdrawals = useWithdrawals(id);
  const withdrawn = useMemo(() => new Set((withdrawals.data?.data ?? []).map((w) => w.dish_id)), [withdrawals.data]);
  const [withdrawing, setWithdrawing] = useState<WithdrawTarget | null>(null);
  const [withdrawDone, setWithdrawDone] = useState('');

  const storedQty = useMemo(() => new Map(current.map((b) => [b.id, b.qty])), [current]);
  const dishesById = useMemo(() => new Map(dishes.map((d) => [d.id, d])), [dishes]);
  const suggested = useMemo(() => new Map((forecast.data?.forecast ?? []).map((f) => [f.id, f])), [forecast.data]);
  // Each dish's rating beside it: one batched read for the page (decision 080).
  const ratings = useDishRatings(current.map((e) => e.id));
  const categoryTitles = useMemo(() => {
    const map = new Map<number, string>();
    for (const d of dishes) if (d.category) map.set(d.category.id, pickText(d.category.title, lang));
    for (const c of menu.categories) map.set(c.id, pickText(c.title, lang));
    return map;
  }, [dishes, menu.categories, lang]);

  const save = useMutation({
    mutationFn: (posted: ReturnType<typeof balancePayload>) => menusApi.saveBalance(id, posted),
    onSuccess: (answer) => {
      if (!answer) return;
      setCurrent(answer.balance);
      setEdits({});
      setSaved(true);
      void client.invalidateQueries({ queryKey: MENUS_KEY });
    },
    onError: (error, posted) => {
      // Errors are keyed by the index in the posted list (balance.3.qty): show them at the dish.
      const byDish: FieldErrors = {};
      if (isApiError(error)) {
        for (const [key, list] of Object.entries(error.errors)) {
          const m = /^balance\.(\d+)(\..*)?$/.exec(key);
          const entry = m ? posted.balance[Number(m[1])] : undefined;
          if (entry) byDish[String(entry.id)] = [...(byDish[String(entry.id)] ?? []), ...list];
        }
      }
      setServerErrors(byDish);
    },
  });

  const onInput = (dishId: number, text: string) => {
    setSaved(false);
    setServerErrors((prev) => {
      if (!(dishId in prev)) return prev;
      const next = { ...prev };
      delete next[dishId];
      return next;
    });
    const qty = parseQty(text);
    if (qty === undefined) {
      setInvalid((prev) => ({ ...prev, [dishId]: text }));
      return;
    }
    setInvalid((prev) => {
      if (!(dishId in prev)) return prev;
      const next = { ...prev };
      delete next[dishId];
      return next;
    });
    setEdits((prev) => editBalance(prev, storedQty.get(dishId) ?? null, dishId, qty));
  };

  /** Fills suggestions in as edits (one dish, or all): typed texts and server errors of those dishes go. */
  const fillSuggestions = (ids: number[]) => {
    const drop = <T,>(prev: Record<number, T>) => {
      if (!ids.some((i) => i in prev)) return prev;
      const next = { ...prev };
      for (const i of ids) delete next[i];
      return next;
    };
    setSaved(false);
    setInvalid(drop);
    setServerErrors(drop);
    const entries = current.filter((e) => ids.includes(e.id));
    const stocks = new Map(
      ids.flatMap((i) => {
        const s = suggested.get(i)?.suggested;
        return s === undefined || s === null ? [] : [[i, s] as const];
      }),
    );
    setEdits((prev) => applySuggestions(prev, entries, stocks));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || Object.keys(invalid).length > 0) return;
    const posted = balancePayload(edits);
    if (posted.balance.length === 0) return;
    setServerErrors({});
    save.mutate(posted);
  };

  const editCount = Object.keys(edits).length;
  const invalidCount = Object.keys(invalid).length;
  const groups = groupByCategory(current);
  // Typed quantities not saved yet: ask before leaving (a save clears the edits).
  const unsaved = editCount > 0 || invalidCount > 0;

  const nameOf = (dishId: number) => {
    const dish = dishesById.get(dishId);
    return dish ? pickText(dish.title, lang) : `#${dishId}`;
  };
  const substitutes = current
    .filter((e) => e.in_menu && dishesById.get(e.id)?.type === 'simple' && !withdrawn.has(e.id))
    .map((e) => ({ id: e.id, name: nameOf(e.id) }));

  return (
    <>
      <WithdrawDishDialog
        menuId={id}
        dish={withdrawing}
        substitutes={substitutes}
        onClose={() => setWithdrawing(null)}
        onDone={(r) => setWithdrawDone(t('withdraw.done', { dish: withdrawing?.name ?? '', orders: r.withdrawal.orders }))}
      />
      <form onSubmit={submit} className="menu-form">
        <UnsavedChangesGuard when={unsaved} />
        <FormErrorNotice error={save.error} isShown={(k) => /^balance\.\d+/.test(k)} fallback={t('errors.saveFailed')} />
        <p className="muted">{t('balance.intro')}</p>
        {withdrawDone && <Notice tone="success">{withdrawDone}</Notice>}
        {current.length === 0 && <Notice tone="info">{t('balance.empty')}</Notice>}
        {current.length > 0 && (
          <ForecastBar
            forecast={forecast.data}
            loading={forecast.loading}
            failed={forecast.failed}
            onApply={() => fillSuggestions(current.map((e) => e.id))}
          />
        )}
        <div className="card">
          {groups.map((group) => (
            <fieldset key={group.categoryId} className="balance-group">
              <legend>{categoryTitles.get(group.categoryId) ?? t('selected.category', { id: group.categoryId })}</legend>
              {group.items.map((entry) => {
                const name = nameOf(entry.id);
                const inputId = `balance-${entry.id}`;
                const edited = entry.id in edits;
                const text = invalid[entry.id] ?? (edited ? edits[entry.id] : entry.qty)?.toString() ?? '';
                const problem = entry.id in invalid ? t('balance.invalid') : serverErrors[entry.id]?.[0];
                const suggestion = suggested.get(entry.id);
                return (
                  <div key={entry.id} className={`balance-row ${edited ? 'is-edited' : ''}`}>
                    <div className="balance-row__name">
                      <label htmlFor={inputId} className="cell-strong">
                        {name}
                      </label>
                      <div className="muted pick-row__meta" id={`${inputId}-meta`}>
                        {t('balance.ordered', { n: entry.ordered })}
                        {!entry.in_menu && ` · ${t('balance.optionOnly')}`}
                        {edited && ` · ${t('balance.was', { qty: entry.qty === null ? t('balance.unlimited') : entry.qty })}`}
                        {withdrawn.has(entry.id) && ` · ${t('withdraw.withdrawn')}`}
                        {ratings.has(entry.id) && ' · '}
                        <DishRating rating={ratings.get(entry.id)} />
                      </div>
                      {entry.in_menu && !withdrawn.has(entry.id) && (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('withdraw.openNamed', { dish: name })}
                          onClick={() => setWithdrawing({ id: entry.id, name })}
                        >
                          {t('withdraw.open')}
                        </Button>
                      )}
                      {problem && (
                        <p id={`${inputId}-error`} className="field__error">
                          {problem}
                        </p>
                      )}
                    </div>
                    <div className="balance-row__input">
                      {forecast.data && suggestion && (
                        <ForecastHint
                          forecast={forecast.data}
                          entry={suggestion}
                          ordered={entry.ordered}
                          dish={name}
                          onUse={() => fillSuggestions([entry.id])}
                        />
                      )}
                      <input
                        id={inputId}
                        className="input"
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        placeholder={t('balance.unlimited')}
                        value={text}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${inputId}-meta ${inputId}-error` : `${inputId}-meta`}
                        onChange={(e) => onInput(entry.id, e.target.value)}
                      />
                    </div>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div className="sticky-actions">
          <span
            className={`sticky-actions__status ${invalidCount > 0 || save.isError ? 'field__error' : saved && editCount === 0 ? 'is-ok' : 'muted'}`}
            role="status"
          >
            {invalidCount > 0
              ? t('balance.fixInvalid')
              : save.isError
                ? t('form.failed')
                : saved && editCount === 0
                  ? t('balance.saved')
                  : t('balance.edits', { n: editCount })}
          </span>
          <Button
            onClick={() => {
              setEdits({});
              setInvalid({});
              setServerErrors({});
            }}
            disabled={editCount === 0 && invalidCount === 0}
          >
            {t('balance.discard')}
          </Button>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={editCount === 0 || invalidCount > 0}>
            {t('balance.save')}
          </Button>
        </div>
      </form>
    </>
  );
}
