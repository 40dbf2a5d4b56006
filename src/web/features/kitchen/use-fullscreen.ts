import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen of one element (Fullscreen API). `active` follows the document, so leaving with Esc
 * or the browser's own controls updates it too; `supported` is false where the API is off.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const [active, setActive] = useState(false);

  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    sync();
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [ref]);

  const toggle = useCallback(() => {
    const request = document.fullscreenElement ? document.exitFullscreen() : ref.current?.requestFullscreen();
    // Refused (no user gesture, policy): the display simply stays as it is.
    void request?.catch(() => undefined);
  }, [ref]);

  return { supported, active, toggle };
}
