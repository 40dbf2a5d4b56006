import { expect, scanA11y, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, newCustomer, ownMenu, signIn } from './ordering-support';

const SALMON = 'Pan-fried salmon';

// Issue 11: two people on the same menu; one orders, and the other's page shows the new stock
// without reloading, through the event stream (GET /app/events), not the deadline polling
// (which only runs after the deadline, and only while the stream is down).
test('a second browser sees "N left" change without reloading when the first orders', async ({ page, browser, request }) => {
  // The journey's own menu with 3 salmon, and its own buyer: the stock it changes is nobody else's.
  const menu = await ownMenu(request, 'Live stock', { [SALMON]: 3 });
  const buyer = await newCustomer(request, 'Birojs Centrs', 'Kristaps');
  const watcherContext = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    // The watcher: its stream must be open (200, text/event-stream, the token in the header only).
    const watcher = await watcherContext.newPage();
    const stream = watcher.waitForResponse((r) => new URL(r.url()).pathname === '/app/events');
    await signIn(watcher, 'anna@demo.lv', menu.title);
    const opened = await stream;
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('text/event-stream');
    expect(await opened.request().headerValue('authorization')).toMatch(/^Bearer /);
    expect(opened.url()).not.toMatch(/token|bearer/i);
    const watched = dishCard(watcher, SALMON);
    await expect(watched.getByText('3 left')).toBeVisible();
    // From here on, every refetch of the menu is counted and held back for 4 s: the order's event
    // carries the stock it left, so the card changes before any refetch could answer.
    let menuReads = 0;
    const menuPath = (url: URL) => url.pathname === `/app/order/create/${menu.id}`;
    await watcher.route(menuPath, async (route) => {
      menuReads++;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue().catch(() => undefined);
    });

    // The buyer orders one salmon through the page.
    await signIn(page, buyer.email, menu.title);
    const add = dishCard(page, SALMON).getByRole('button', { name: `Add ${SALMON} to the order` });
    await add.click();
    await cartRibbon(page).click();
    const cart = cartPanel(page);
    await cart.getByRole('radio', { name: 'Cash' }).check();
    await cart.getByRole('checkbox', { name: /terms of service/ }).check();
    await cart.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    // No reload, and sooner than the held-back refetch: the watcher's card shows one less.
    await expect(watched.getByText('2 left')).toBeVisible({ timeout: 3_000 });
    expect(menuReads).toBeLessThanOrEqual(1);
    await scanA11y(watcher, 'order page after a live stock change');
    await watcher.unroute(menuPath);

    // A balance edit by staff reaches it too: the dish is sold out, leaves the menu and is announced.
    await menu.setStock(SALMON, 0);
    await expect(watcher.getByRole('status').filter({ hasText: 'Sold out now' })).toHaveText(`Sold out now: ${SALMON}.`, {
      timeout: 3_000,
    });
    await expect(watched).toBeHidden();
    await scanA11y(watcher, 'order page after a dish sold out live');
  } finally {
    await watcherContext.close();
  }
});
