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
    // Until the heading first shows, focus still on the control that navigated (a link) moves too.
    let shown = false;
    const check = () => {
      if (!document.getElementById('main')?.querySelector('h1')) return;
      if (focusIsLost() || (!shown && document.activeElement === from)) focusPageHeading();
      shown = true;
    };
    // Watched for the whole wait, not only until a heading shows: the heading found first can be
    // the old page's, still shown while the new page's code loads (a lazy route on a slow phone),
    // or a loading state's; when it goes, focus would fall to the body. Focus the page chose on
    // purpose (a field) is left alone: only lost focus is moved.
    const observer = new MutationObserver(check);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      stop();
      if (focusIsLost()) focusPageHeading();
    }, WAIT_FOR_HEADING_MS);
    check();
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
