import { useEffect, useState, type ReactNode } from 'react';

interface NoticeProps {
  tone?: 'info' | 'success' | 'error' | 'warning';
  children: ReactNode;
  className?: string;
}

/**
 * Every success, progress and error message of the app (decision 021). The tone decides how it
 * is announced: errors at once (role=alert), everything else politely (role=status).
 *
 * Screen readers announce a live region's changes only when the region was already in the
 * accessibility tree before its content arrived; a region inserted together with its text is
 * often read by none (role=status) or only some (role=alert) of them. Callers usually render a
 * notice when something happens (`{saved && <Notice …>}`), so the notice mounts its region
 * empty and fills it a moment later: the text then arrives as a change of an existing region.
 * A notice that stays mounted and changes its text (the kitchen display's summary) is announced
 * on each change.
 */
export function Notice({ tone = 'info', children, className }: NoticeProps) {
  const filled = useFilledAfterMount();
  return (
    <div className={`notice notice--${tone} ${className ?? ''}`} role={tone === 'error' ? 'alert' : 'status'} aria-atomic="true">
      {/* Hidden (space kept, nothing shifts) until the region exists; then shown = announced. */}
      <div className="notice__body" hidden={!filled}>
        {children}
      </div>
    </div>
  );
}

/** False on the first render, true a moment later (after the browser has exposed the region). */
export const ANNOUNCE_DELAY_MS = 50;

function useFilledAfterMount(): boolean {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFilled(true), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return filled;
}
