/** The parts of the order data that say whether ordering is still open. */
export interface OpenState {
  open: boolean;
  /** The server's clock when it answered. */
  now: string;
  /** Device time (ms) when this answer arrived: recorded with the answer, never taken from the cache. */
  receivedAt: number;
  dishlist: { to: string } | null;
}

/**
 * True when the menu no longer takes orders: the server said so, or its deadline has passed by
 * the server's clock (its `now` when this answer arrived, moved on by the time the device has
 * seen pass since).
 */
export function isClosed(data: OpenState, deviceNow: number): boolean {
  if (!data.open) return true;
  if (!data.dishlist) return false;
  const serverNow = Date.parse(data.now) + (deviceNow - data.receivedAt);
  return serverNow >= Date.parse(data.dishlist.to);
}

/**
 * Where the order page's info text (the "header-info" content block, edited by administrators)
 * names the deadline: `{deadline}` is replaced with the shown menu's own order deadline, so the
 * text can never contradict the menu (issue 24: it said 23:59 while the menu closed at 19:51).
 */
export const DEADLINE_PLACEHOLDER = '{deadline}';

/** The info text with `{deadline}` replaced by `deadline` (HTML-escaped; '—' when no menu is shown). */
export function fillDeadline(html: string, deadline: string | null): string {
  if (!html.includes(DEADLINE_PLACEHOLDER)) return html;
  const text = (deadline ?? '—').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return html.split(DEADLINE_PLACEHOLDER).join(text);
}
