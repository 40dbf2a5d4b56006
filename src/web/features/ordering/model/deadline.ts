/** The parts of the order data that say whether ordering is still open. */
export interface OpenState {
  open: boolean;
  now: string;
  dishlist: { to: string } | null;
}

/**
 * True when the menu no longer takes orders: the server said so, or its deadline has passed by
 * the server's clock (its `now` when the data arrived at `receivedAt`, moved on by the time the
 * device has seen pass since).
 */
export function isClosed(data: OpenState, receivedAt: number, deviceNow: number): boolean {
  if (!data.open) return true;
  if (!data.dishlist) return false;
  const serverNow = Date.parse(data.now) + (deviceNow - receivedAt);
  return serverNow >= Date.parse(data.dishlist.to);
}
