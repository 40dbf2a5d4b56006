/**
 * Where keyboard focus goes when the thing that had it disappears (WCAG 2.4.3): a new page, a
 * closed dialog whose opener is gone. Never the page body, where a keyboard or screen reader
 * user would have to start again from the top.
 */

/** True when focus is nowhere useful: on the body, or on an element no longer shown. */
export function focusIsLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  return !active || active === document.body || !isFocusable(active);
}

/** Connected, rendered and not inside an inert (closed drawer) subtree. */
export function isFocusable(el: HTMLElement | null | undefined): el is HTMLElement {
  return !!el && el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert]');
}

/** Focuses the page's main heading (made focusable by script only), else the main landmark. */
export function focusPageHeading(): boolean {
  const main = document.getElementById('main');
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading && isFocusable(heading) ? heading : main;
  if (!target) return false;
  if (target === heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return target === heading;
}

/**
 * Returns focus to `preferred` when it can still take it, else to the page's heading. For
 * dialogs and panels that close: the control that opened them may have been re-rendered or
 * hidden (a phone drawer) meanwhile.
 */
export function restoreFocus(preferred: HTMLElement | null | undefined) {
  if (isFocusable(preferred)) preferred.focus({ preventScroll: true });
  if (focusIsLost()) focusPageHeading();
}
