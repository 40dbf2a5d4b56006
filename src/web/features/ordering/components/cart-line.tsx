import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { focusIsLost } from '../../../lib/focus';
import { canIncrease, isOverLimit, lineRemaining, type Cart, type CartLine } from '../../../../shared/ordering/cart';
import type { StockMap } from '../../../../shared/ordering/stock';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useCart } from '../cart-store';
import type { MenuTitles } from '../model/menu';

/** How few units left make the cart say so. */
const FEW_LEFT = 5;

interface CartLineProps {
  line: CartLine;
  cart: Cart;
  stock: StockMap;
  titles: MenuTitles;
  /** While the order is being sent: no changes at all. */
  disabled: boolean;
  /** After the deadline: lines can be lowered or removed, not raised. */
  closed?: boolean;
}

/** One cart line: options, − quantity +, the line total, stock left and the over-limit mark. */
export function CartLineRow({ line, cart, stock, titles, disabled, closed = false }: CartLineProps) {
  const { t } = useTranslation(['checkout', 'ordering']);
  const lang = useSession((s) => s.lang);
  const change = useCart((s) => s.change);
  const applyTyped = useCart((s) => s.applyTypedQuantity);
  // While the field is being edited it shows what is typed; leaving it applies the number.
  const [draft, setDraft] = useState<string | null>(null);
  const title = titles.dish(line.id) ?? `#${line.id}`;
  const options = Object.values(line.selected)
    .flat()
    .map((id) => titles.option(id) ?? `#${id}`);
  const left = lineRemaining(cart, stock, line.key);
  const over = isOverLimit(cart, stock, line.key);
  const plusEnabled = !disabled && !closed && canIncrease(cart, stock, line.key);

  const commit = () => {
    if (draft !== null) applyTyped(line.key, draft);
    setDraft(null);
  };

  return (
    <li className={`ord-cart-line ${over ? 'is-over' : ''}`}>
      <div className="ord-cart-line__info">
        <span className="ord-cart-line__title">{title}</span>
        {options.length > 0 && <span className="ord-cart-line__options">{options.join(', ')}</span>}
        <span className="ord-cart-line__unit">{formatCents(line.price, lang)}</span>
      </div>
      <div className="ord-qty" role="group" aria-label={t('cart.quantityOf', { title })}>
        <button
          type="button"
          className="ord-qty__btn"
          aria-label={t('cart.decrease', { title })}
          disabled={disabled}
          onClick={() => change(line.key, -1)}
        >
          −
        </button>
        <input
          className="ord-qty__input input"
          inputMode="numeric"
          aria-label={t('cart.quantityOf', { title })}
          value={draft ?? String(line.quantity)}
          disabled={disabled || closed}
          onFocus={() => setDraft(String(line.quantity))}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            // Enter applies the number and keeps focus here (blurring left it on the page body);
            // a quantity of 0 removes the line, and focus then goes to the cart dialog.
            if (e.key === 'Enter') {
              const dialog = e.currentTarget.closest<HTMLElement>('[role="dialog"]');
              commit();
              requestAnimationFrame(() => {
                if (focusIsLost()) dialog?.focus();
              });
            }
            if (e.key === 'Escape') {
              // Revert the field only; the panel stays open.
              e.stopPropagation();
              setDraft(null);
            }
          }}
        />
        <button
          type="button"
          className="ord-qty__btn"
          aria-label={t('cart.increase', { title })}
          disabled={!plusEnabled}
          onClick={() => change(line.key, 1)}
        >
          +
        </button>
      </div>
      <span className="ord-cart-line__total">{formatCents(line.price * line.quantity, lang)}</span>
      {over ? (
        <p className="ord-cart-line__note ord-cart-line__note--over">{t('cart.overLimit')}</p>
      ) : (
        Number.isFinite(left) &&
        left < FEW_LEFT && <p className="ord-cart-line__note">{left > 0 ? t('cart.left', { count: left }) : t('cart.noneLeft')}</p>
      )}
    </li>
  );
}
