import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useCart } from '../cart-store';
import { unitCount } from '../model/cart-state';

/**
 * Spec 2: "Cart" and the payable total, shown while the cart has items and the panel is closed;
 * a click opens the panel. The total is also announced politely whenever it changes.
 * `amountToPay` is null until the checkout's code is in (it loads with the first dish in the
 * cart): the ribbon then waits for it rather than show a wrong total.
 */
export function CartRibbon({ amountToPay }: { amountToPay: number | null }) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const lines = useCart((s) => s.lines);
  const open = useCart((s) => s.open);
  const setOpen = useCart((s) => s.setOpen);
  const units = unitCount(lines);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  // The ribbon hides while the panel is open; when the panel closes, focus comes back here.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      {/* While the cart dialog is open, everything outside it is hidden from screen readers;
          the announcement then comes from inside the dialog (CartPanel). */}
      {!open && <CartAnnouncement amountToPay={amountToPay} />}
      {units > 0 && !open && amountToPay !== null && (
        <button ref={buttonRef} type="button" className="ord-cart-ribbon" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="10" cy="20" r="1.4" fill="currentColor" />
            <circle cx="17" cy="20" r="1.4" fill="currentColor" />
          </svg>
          <span className="ord-cart-ribbon__label">{t('cart.label')}</span>
          <span className="ord-cart-ribbon__count" aria-hidden="true">
            {units}
          </span>
          <span className="visually-hidden">{t('cart.units', { count: units })}</span>
          <span className="ord-cart-ribbon__total">{formatCents(amountToPay, lang)}</span>
        </button>
      )}
    </>
  );
}

/** Polite live region with the cart's units and total, announced as they change. */
export function CartAnnouncement({ amountToPay }: { amountToPay: number | null }) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const units = unitCount(useCart((s) => s.lines));
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {units > 0 && amountToPay !== null ? t('cart.announce', { count: units, total: formatCents(amountToPay, lang) }) : ''}
    </p>
  );
}
