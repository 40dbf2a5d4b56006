import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { pickText, type Lang } from '../../../shared/i18n';
import type { Paged } from '../../../shared/list-query';
import type { Dish } from '../../../shared/schemas/catalogue';
import type { BalanceEntry, BalanceInput, MenuBalance } from '../../../shared/schemas/menus';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import { parseQty } from '../../lib/quantity';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { errorMessage } from '../ui/form-error-notice';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';
import '../../styles/stock.css';

/** The menu feature's stock query key (features/menus/api.ts), so the two share one cache. */
const balanceKey = (menuId: number) => ['menus', 'balance', menuId] as const;

/**
 * The kitchen's stock at hand (issue 13): a "Stock" button on the kitchen display and the orders
 * page opens a panel with each dish of the menu, what is left and what was ordered, a "Sold out
 * now" switch (nothing more can be ordered: left becomes 0, the stock is what was ordered) and a
 * quick change of what is left. Saves through the menu's balance call, so the order page and
 * every open display update through the event stream.
 */
export function QuickStock({ menuId }: { menuId: number }) {
  const { t } = useTranslation('stock');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('open')}
      </Button>
      <Dialog open={open} title={t('title')} onClose={() => setOpen(false)} placement="side">
        {open && <StockList menuId={menuId} />}
      </Dialog>
    </>
  );
}

function StockList({ menuId }: { menuId: number }) {
  const { t, i18n } = useTranslation('stock');
  const lang = i18n.language as Lang;
  const client = useQueryClient();
  const balance = useApiQuery<MenuBalance>(balanceKey(menuId), `/app/dishlists/${menuId}/balance`, { staleTime: 0 });
  const dishes = useApiQuery<Paged<Dish>>(['catalogue', 'dishes', 'all'], '/app/dishes', { query: { per_page: 'all' }, staleTime: 60_000 });
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: BalanceInput & { name: string; text: string }) =>
      api.post<MenuBalance>(`/app/dishlists/${menuId}/balance`, { balance: input.balance }),
    onSuccess: (_answer, input) => {
      // The menu feature's queries (stock, lists) start with 'menus': this panel's stock among them.
      void client.invalidateQueries({ queryKey: ['menus'] });
      setDone(input.text);
    },
    onMutate: () => setDone(null),
  });

  if (balance.isPending || dishes.isPending) return <Spinner block />;
  if (!balance.data)
    return (
      <Notice tone="error">
        {errorMessage(balance.error, t('loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void balance.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  const names = new Map((dishes.data?.data ?? []).map((d) => [d.id, pickText(d.title, lang)]));
  const entries = balance.data.balance;
  return (
    <div className="quick-stock">
      <p className="muted">{t('intro')}</p>
      <p className="quick-stock__status" role="status">
        {save.isError ? <span className="field__error">{errorMessage(save.error, t('saveFailed'))}</span> : done}
      </p>
      {entries.length === 0 && <Notice tone="info">{t('empty')}</Notice>}
      <ul className="quick-stock__list">
        {entries.map((entry) => (
          <StockRow
            key={entry.id}
            entry={entry}
            name={names.get(entry.id) ?? `#${entry.id}`}
            busy={save.isPending}
            onSave={(qty, text) => save.mutate({ balance: [{ id: entry.id, qty }], name: names.get(entry.id) ?? '', text })}
          />
        ))}
      </ul>
    </div>
  );
}

function StockRow({
  entry,
  name,
  busy,
  onSave,
}: {
  entry: BalanceEntry;
  name: string;
  busy: boolean;
  onSave(qty: number | null, text: string): void;
}) {
  const { t } = useTranslation('stock');
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (entry.qty === null ? '' : String(entry.qty));
  const parsed = parseQty(shown);
  const invalid = parsed === undefined;
  const soldOut = entry.qty === 0;
  return (
    <li className={`quick-stock__row${soldOut ? ' is-sold-out' : ''}`}>
      <div className="quick-stock__name">
        <span className="cell-strong" id={`${id}-name`}>
          {name}
        </span>
        <span className="muted" id={`${id}-meta`}>
          {entry.qty === null ? t('leftUnlimited') : soldOut ? t('soldOut') : t('left', { count: entry.qty })} ·{' '}
          {t('ordered', { count: entry.ordered })}
        </span>
      </div>
      <form
        className="quick-stock__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          onSave(parsed ?? null, t('saved', { name }));
          setText(null);
        }}
      >
        <label className="visually-hidden" htmlFor={`${id}-qty`}>
          {t('leftLabel', { name })}
        </label>
        <input
          id={`${id}-qty`}
          className="input quick-stock__input"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder={t('unlimited')}
          value={shown}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-meta`}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={busy || invalid || text === null} aria-label={t('saveNamed', { name })}>
          {t('save')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy || soldOut}
          aria-label={t('soldOutNowNamed', { name })}
          onClick={() => {
            onSave(0, t('markedSoldOut', { name }));
            setText(null);
          }}
        >
          {t('soldOutNow')}
        </Button>
      </form>
    </li>
  );
}
