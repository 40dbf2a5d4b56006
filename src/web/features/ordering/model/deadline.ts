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
