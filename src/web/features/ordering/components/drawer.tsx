import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { restoreFocus } from '../../../lib/focus';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A panel sliding in from the right on a curtain (the cart). Closes with its close button, a
 * click on the curtain or Escape; Tab stays inside; focus returns where it was.
 */
export function Drawer({ open, title, onClose, children, footer }: DrawerProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const focusStart = useEffectEvent(() => panelRef.current?.querySelector<HTMLElement>('.ord-drawer__close')?.focus());

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    focusStart();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // The element that opened the drawer may be gone (the ribbon hides while it is open).
      // Back to the opener (the cart ribbon is gone once the cart is empty): else the page heading.
      restoreFocus(previous);
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="ord-drawer-layer">
      <div className="ord-drawer-curtain" data-testid="cart-curtain" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="ord-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ord-drawer__header">
          <h2 id={titleId} className="ord-drawer__title">
            {title}
          </h2>
          <button type="button" className="icon-btn ord-drawer__close" onClick={onClose} aria-label={t('close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="ord-drawer__body">{children}</div>
        {footer && <div className="ord-drawer__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
