import { expect, scanA11y, test } from './a11y';
import { newManager, ownMenu, sessionToken, stamp, storedSession } from './ordering-support';

const SALMON = 'Pan-fried salmon';

interface KitchenAnswer {
  dishes: { data: { id: number; qty: number }[] }[];
}

// Issue 29 (decision 077): a host sends a visitor a link; the visitor, without an account or a
// session, picks one dish from that menu before its deadline; the host sees the link used and the
// kitchen has the order to cook.
test('a visitor picks their own lunch from a link, once, without signing up', async ({ page, browser, request }) => {
  // A location of the journey's own that orders for visitors (limit 20 €), its manager, a menu of its own.
  const admin = await sessionToken(request, 'admin@demo.lv');
  const title = `Visitors office ${stamp()}`;
  const made = await request.post('/app/locations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, address: 'Ozolu iela 1', meeting_limit: 20 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const location = { id: ((await made.json()) as { id: number }).id, title };
  const manager = await newManager(request, location, 'Inga');
  const menu = await ownMenu(request, 'Visitors', { [SALMON]: 4 });

  // The host makes a link for Ieva on the journey's menu and copies it.
  await storedSession(page, manager.email);
  await page.goto('/visitors');
  await expect(page.getByRole('heading', { name: 'Visitors', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New visitor link' });
  await form.getByRole('button', { name: 'Create link' }).click();
  await expect(form.getByRole('textbox', { name: "Visitor's name" })).toHaveAccessibleDescription('Required.');
  await form.getByRole('combobox', { name: 'Day (menu)' }).selectOption(String(menu.id));
  await form.getByRole('textbox', { name: "Visitor's name" }).fill('Ieva Ozola');
  await form.getByRole('button', { name: 'Create link' }).click();
  const shown = page.getByRole('textbox', { name: 'Link for the visitor' });
  await expect(shown).toHaveValue(/\/visit\/[\w-]{43}$/);
  const url = new URL(await shown.inputValue());
  const links = page.getByRole('region', { name: 'Your visitor links' });
  const row = links.getByRole('listitem').filter({ hasText: 'Ieva Ozola' });
  await expect(row).toContainText('Open');
  await scanA11y(page, 'visitors page with a new link');

  // The visitor: a browser of their own, never signed in, on a phone's width.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const visitor = await context.newPage();
    await visitor.goto(new URL(url.pathname, page.url()).toString());
    await visitor.getByRole('button', { name: /^Valoda: / }).click();
    await visitor.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(visitor.getByRole('heading', { name: 'Lunch for Ieva Ozola', level: 1 })).toBeVisible();
    await expect(visitor.getByText(`Inga invites you to lunch at ${title}`)).toBeVisible();
    // Only this menu's dishes, no prices.
    await expect(visitor.getByRole('radio')).toHaveCount(1);
    await expect(visitor.locator('main')).not.toContainText('€');
    await scanA11y(visitor, 'visitor page');

    // Nothing chosen: told so; then the salmon, by keyboard.
    await visitor.getByRole('button', { name: 'Order this' }).click();
    await expect(visitor.getByRole('alert')).toContainText('Choose a dish.');
    const salmon = visitor.getByRole('radio', { name: SALMON });
    await salmon.focus();
    await visitor.keyboard.press('Space');
    await expect(salmon).toBeChecked();
    await visitor.getByRole('button', { name: 'Order this' }).click();
    const thanks = visitor.getByRole('heading', { name: 'Thank you, Ieva Ozola!' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(visitor.getByText(`${SALMON} is ordered for you.`)).toBeVisible();
    await scanA11y(visitor, 'visitor thanked');

    // Single use: the link opened again says so.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await expect(visitor.getByText('This visitor link has already been used.')).toBeVisible();
    await scanA11y(visitor, 'visitor link used');
  } finally {
    await context.close();
  }

  // The host sees it used, with the dish; the kitchen has one salmon to cook on the menu.
  await page.reload();
  await expect(row).toContainText('Used');
  await expect(row).toContainText(`Ordered: ${SALMON}`);
  await expect(row.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const res = await request.get(`/app/kitchen/${menu.id}?lang=en`, { headers: { Authorization: `Bearer ${kitchen}` } });
  expect(res.ok()).toBe(true);
  const cooked = ((await res.json()) as KitchenAnswer).dishes.flatMap((g) => g.data).find((d) => d.id === menu.dishId(SALMON));
  expect(cooked?.qty).toBe(1);
});

test('a host withdraws an unused visitor link after confirming, and orders for a visitor directly', async ({ page, browser, request }) => {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const title = `Visitors withdraw ${stamp()}`;
  const made = await request.post('/app/locations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, address: 'Ozolu iela 2', meeting_limit: 20 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const manager = await newManager(request, { id: ((await made.json()) as { id: number }).id, title }, 'Olga');
  const menu = await ownMenu(request, 'Visitors withdraw', { [SALMON]: null });
  await storedSession(page, manager.email);
  await page.goto('/visitors');
  const form = page.getByRole('form', { name: 'New visitor link' });
  await form.getByRole('combobox', { name: 'Day (menu)' }).selectOption(String(menu.id));
  await form.getByRole('textbox', { name: "Visitor's name" }).fill('Jānis');
  await form.getByRole('button', { name: 'Create link' }).click();
  const url = new URL(await page.getByRole('textbox', { name: 'Link for the visitor' }).inputValue());

  const row = page.getByRole('region', { name: 'Your visitor links' }).getByRole('listitem').filter({ hasText: 'Jānis' });
  await row.getByRole('button', { name: 'Withdraw the link for Jānis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw the link?' });
  await expect(dialog).toContainText('The link for Jānis will stop working.');
  await scanA11y(page, 'withdraw a visitor link');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('The link was withdrawn.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Ordering for a visitor directly: the host chooses the dish; the kitchen has one salmon.
  const direct = page.getByRole('form', { name: 'Order for a visitor' });
  await direct.getByRole('combobox', { name: 'Day (menu)' }).selectOption(String(menu.id));
  await direct.getByRole('textbox', { name: "Visitor's name" }).fill('Pēteris');
  await direct.getByRole('combobox', { name: 'Dish' }).selectOption(String(menu.dishId(SALMON)));
  await direct.getByRole('textbox', { name: 'Delivery note' }).fill('Reception');
  await direct.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(direct.getByText('Ordered for the visitor.')).toBeVisible();
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const res = await request.get(`/app/kitchen/${menu.id}?lang=en`, { headers: { Authorization: `Bearer ${kitchen}` } });
  expect(res.ok()).toBe(true);
  const cooked = ((await res.json()) as KitchenAnswer).dishes.flatMap((g) => g.data).find((d) => d.id === menu.dishId(SALMON));
  expect(cooked?.qty).toBe(1);

  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto(new URL(url.pathname, page.url()).toString());
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Šī saite vairs nedarbojas');
  } finally {
    await context.close();
  }
});
