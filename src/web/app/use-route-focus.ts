import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusIsLost, focusPageHeading } from '../lib/focus';

/** How long a new page may take to show its heading (lazy code, first data). */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After each change of route (not the first page load), focus goes to the new page's heading so
 * screen readers announce it and Tab continues from the page, unless something already took
 * focus on purpose (a field the page focuses, an open drawer). Covers every way of arriving:
 * links, the sign-in form's Enter, redirects after saving.
 */
export function useRouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const from = document.activeElement;
    const tryFocus = () => {
      const main = document.getElementById('main');
      if (!main?.querySelector('h1')) return false;
      if (focusIsLost() || document.activeElement === from) focusPageHeading();
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (focusIsLost()) focusPageHeading();
    }, WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
