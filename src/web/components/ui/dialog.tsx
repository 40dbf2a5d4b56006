import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n';
import { restoreFocus } from '../../lib/focus';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one answers Escape and Tab. */
const openDialogs: HTMLElement[] = [];

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Buttons row under the content. */
  footer?: ReactNode;
  /** Element to focus first (defaults to the first focusable element: the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `center`: a box in the middle (forms, confirmations); `side`: a full-height panel from the right (the cart). */
  placement?: 'center' | 'side';
  /** Width of a centred dialog. */
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The one modal dialog of the app (WAI-ARIA dialog pattern): role=dialog, aria-modal, labelled by
 * its title; the page behind is inert and does not scroll; Tab stays inside; Escape, the close
 * button and a click on the curtain close it; focus returns to the opener when it closes, or to
 * the page's heading when the opener is gone (lib/focus.ts). Dialogs may stack (a confirmation
 * over an editor): the top one owns the keyboard.
 */
export function Dialog({ open, title, onClose, children, footer, initialFocus, placement = 'center', size = 'md' }: DialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const requestClose = useEffectEvent(() => onClose());
  const focusFirst = useEffectEvent(() => {
    const dialog = dialogRef.current;
    const first = initialFocus?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog;
    first?.focus();
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const layer = layerRef.current;
    if (!dialog || !layer) return;
    openDialogs.push(dialog);

    // Everything beside this dialog's layer goes inert (the app root, dialogs underneath).
    const madeInert = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== layer && !el.inert);
    for (const el of madeInert) el.inert = true;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    focusFirst();

    const onKey = (e: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        requestClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === firstItem || document.activeElement === dialog)) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      for (const el of madeInert) el.inert = false;
      document.body.style.overflow = overflow;
      // Back to the opener; if it is gone or hidden meanwhile (the cart ribbon), to the page's heading.
      restoreFocus(previous);
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div ref={layerRef} className={`dialog-layer dialog-layer--${placement}`}>
      {/* Pointer users' way out; keyboard users have Escape and the close button. */}
      <div className="dialog-curtain" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className={`dialog dialog--${placement}${placement === 'center' ? ` dialog--${size}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
