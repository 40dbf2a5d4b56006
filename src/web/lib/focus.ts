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

/**
 * Catches the one way focus falls to the body that no component sees: the focused control is
 * removed from the page (an accepted order leaves the "New" list, a deleted row, the last cart
 * line). Focus then goes to the nearest heading of what is left around it: the section or
 * region the control was in (its list heading), else the page heading. The outcome itself is
 * announced by the action's notice (role=status/alert). Installed once at start-up.
 */
export function installFocusGuard(root: Document = document): () => void {
  /** The focused element and its ancestors, innermost first. */
  let trail: HTMLElement[] = [];
  const onFocusIn = (e: FocusEvent) => {
    const trailOf: HTMLElement[] = [];
    for (let el = e.target as HTMLElement | null; el && el !== root.body; el = el.parentElement) trailOf.push(el);
    trail = trailOf;
  };
  const check = () => {
    const [focused] = trail;
    if (!focused) return;
    const active = root.activeElement;
    if (active && active !== root.body) return;
    // Removed, or still there but disabled or hidden (the Add button of a set meal whose
    // choices reset): continue from what is left around it.
    const gone = !focused.isConnected || focused.matches(':disabled') || !isFocusable(focused);
    if (!gone) return;
    const survivor = trail.slice(1).find((el) => el.isConnected && isFocusable(el));
    trail = [];
    if (!focusSectionHeading(survivor)) focusPageHeading();
  };
  root.addEventListener('focusin', onFocusIn);
  // Checked a moment after the change, so components that place focus themselves (a dialog
  // returning it to its opener, in an effect) go first.
  let pending: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    pending ??= setTimeout(() => {
      pending = undefined;
      check();
    }, 50);
  });
  observer.observe(root.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert'] });
  return () => {
    root.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    clearTimeout(pending);
  };
}

/** Focuses the heading of the section, region or dialog around `el` (not the page's main). */
function focusSectionHeading(el: HTMLElement | undefined): boolean {
  for (let node = el; node && node.id !== 'main'; node = node.parentElement ?? undefined) {
    if (node.matches('dialog, [role="dialog"]')) {
      const inDialog = node.querySelector<HTMLElement>('h1, h2, h3, button, [href], input, select, textarea');
      if (isFocusable(inDialog)) return focusOn(inDialog);
    }
    if (!node.matches('section, [role="region"], article, table, form, fieldset')) continue;
    const labelledBy = node.getAttribute('aria-labelledby');
    const heading = (labelledBy && root(node).getElementById(labelledBy)) || node.querySelector<HTMLElement>('h2, h3, caption, legend');
    if (!(heading instanceof HTMLElement) || !isFocusable(heading)) continue;
    // A heading that is itself a control (a set meal's name toggles its choices) gives its control.
    const control = heading.querySelector<HTMLElement>('button:not(:disabled), [href]');
    return focusOn(control && isFocusable(control) ? control : heading);
  }
  return false;
}

function root(node: Node): Document {
  return node.ownerDocument ?? document;
}

function focusOn(el: HTMLElement): boolean {
  if (!el.matches('button, [href], input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}
