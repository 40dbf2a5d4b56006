import { expect, scanA11y, test } from './a11y';
import { apiToken, dishCard, signIn, todaysMenu } from './ordering-support';

// Issue 11: the time left counts down beside "Order until" and the page turns display-only the
// moment ordering closes. The browser's clock is Playwright's: it runs as the real one until the
// journey moves it on to the deadline, so the journey does not wait 25 real seconds (issue 25).
test('the countdown runs to the deadline and the page turns display-only when it closes', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.lv');
  const today = await todaysMenu(request, admin);
  const deadline = new Date(Date.now() + 25_000);
  const created = await request.post('/app/dishlists', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      title: `Countdown ${deadline.getTime()}`,
      from: new Date(Date.now() - 3600_000).toISOString(),
      to: deadline.toISOString(),
      status: true,
      selectedDishes: [{ id: today.dishId('Mineral water') }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.clock.install();
  await signIn(page, 'janis@demo.lv');
  const select = page.getByLabel('Menu', { exact: true });
  const label = (await select.locator('option').allTextContents()).find((l) => l.startsWith(`Countdown ${deadline.getTime()}`));
  await select.selectOption({ label: label! });

  const header = page.locator('.order-header__deadline');
  await expect(header).toContainText(/· closes in \d+ seconds?$/);
  const add = dishCard(page, 'Mineral water').getByRole('button', { name: 'Add Mineral water to the order' });
  await expect(add).toBeEnabled();
  await scanA11y(page, 'order page counting down');

  // The deadline passes: display-only at once (no reload), the countdown says so.
  await page.clock.fastForward(Math.max(0, deadline.getTime() - Date.now()) + 1_000);
  await expect(page.getByText('Ordering for this menu has closed. The menu is shown for viewing only.')).toBeVisible();
  await expect(header).toContainText('· closed');
  await expect(add).toBeHidden();
  await scanA11y(page, 'order page after the deadline');
});
