import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface DropdownMenuProps {
  /** Content of the toggle button. */
  trigger: ReactNode;
  /**
   * Words read before the toggle's visible content when that alone is not descriptive enough
   * ("Language: Latvian" before "LV"). They are hidden text inside the button, not an
   * aria-label, so the accessible name always contains the visible text (WCAG 2.5.3).
   */
  label?: string;
  /** Menu items; call `close` after acting. Items must have role="menuitem" (or …radio). */
  children(close: () => void): ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

/**
 * Menu button (WAI-ARIA pattern): aria-expanded on the toggle, arrow keys move between items,
 * Escape closes and returns focus, a click outside closes.
 */
export function DropdownMenu({ trigger, label, children, align = 'end', className }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR);
    if (items?.length) items[focusOnOpen.current === 'first' ? 0 : items.length - 1].focus();
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    const button = buttonRef.current;
    return () => {
      document.removeEventListener('pointerdown', onDown);
      // Closing with the keyboard or by choosing an item: focus was inside the removed menu,
      // so it returns to the toggle. A click elsewhere keeps focus where the click put it.
      if (!document.activeElement || document.activeElement === document.body) button?.focus();
    };
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusOnOpen.current = e.key === 'ArrowDown' ? 'first' : 'last';
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'Escape':
        e.preventDefault();
        setOpen(false);
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <div className={`dropdown ${className ?? ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="dropdown__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
      >
        {label && <span className="visually-hidden">{label} </span>}
        {trigger}
        <svg className="dropdown__caret" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={`dropdown__menu dropdown__menu--${align}`}
          onKeyDown={onMenuKey}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
