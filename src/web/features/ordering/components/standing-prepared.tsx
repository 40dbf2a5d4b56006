import { useTranslation } from '../../../lib/i18n';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { MenuCategory } from '../../../../shared/schemas/ordering';
import type { StandingPrepared } from '../../../../shared/schemas/plan-ahead';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { formatDate, formatDeadline } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useCart } from '../cart-store';
import type { RefillLine } from '../model/refill';

const sourceOf = (p: StandingPrepared) => `standing:${p.standing_order_id}:${p.day}`;

const lineOf = (p: StandingPrepared): RefillLine => ({
  dishId: p.dish.id,
  title: p.dish.title,
  quantity: p.qty,
  options: p.complex.map((o) => ({ groupId: o.group_id, dishId: o.dish.id, title: o.dish.title })),
});

/**
 * The lunch a card or bank standing order prepared on this menu (issue 27, decision 061): nothing
 * is ordered or charged until the customer pays. "Put it in the cart and pay" puts it in this
 * menu's cart and opens the checkout, the same as any order; what could not go in is named.
 */
export function StandingPreparedNotice({
  prepared,
  menu,
  stock,
}: {
  prepared: readonly StandingPrepared[];
  menu: { id: number; categories: readonly MenuCategory[] };
  stock: StockMap;
}) {
  const { t } = useTranslation(['plan-ahead', 'reorder']);
  const lang = useSession((s) => s.lang);
  const refilledFrom = useCart((s) => s.refilledFrom);
  const result = useCart((s) => s.refillResult);
  const cartMenu = useCart((s) => s.dishlistId);

  const putInCart = (p: StandingPrepared) => {
    void import('../model/refill').then(({ refillCart }) => {
      useCart.getState().refill(menu.id, sourceOf(p), (cart) => refillCart(cart, menu.categories, stock, [lineOf(p)]));
      useCart.getState().setOpen(true);
    });
  };

  return (
    <>
      {prepared.map((p) => {
        const done = cartMenu === menu.id && refilledFrom === sourceOf(p) ? result : null;
        const dish = p.complex.length > 0 ? `${p.dish.title} (${p.complex.map((o) => o.dish.title).join(', ')})` : p.dish.title;
        return (
          <Notice key={sourceOf(p)} tone={done && done.added.length === 0 ? 'warning' : 'info'} className="ord-standing">
            <p>
              {t('prepared.text', {
                dish,
                qty: p.qty,
                day: formatDate(p.day, lang),
                payment: t(`prepared.by.${p.payment_type}`),
                deadline: formatDeadline(p.deadline, lang),
              })}
            </p>
            {done ? (
              <p>
                {done.added.length > 0
                  ? t('prepared.inCart')
                  : t('prepared.notAdded', { why: t(`reorder:again.reason.${done.missing[0]?.reason ?? 'notOnMenu'}`) })}
              </p>
            ) : (
              <Button size="sm" variant="primary" onClick={() => putInCart(p)}>
                {t('prepared.pay')}
              </Button>
            )}
            {done && done.added.length > 0 && (
              <Button size="sm" onClick={() => useCart.getState().setOpen(true)}>
                {t('prepared.openCart')}
              </Button>
            )}
          </Notice>
        );
      })}
    </>
  );
}
