import { expect, scanA11y, test } from './a11y';
import { apiToken, storedSession } from './ordering-support';

// Issue 16: a staff change shows in the audit log with who, what and the old and new value.
test('admin changes a dish price and finds it, old and new, in the audit log', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  // A dish of the journey's own (in a seeded dish's category): the seeded dishes keep their prices.
  const seeded = (await (await request.get('/app/dishes?lang=en&filter[type]=simple&per_page=1', { headers })).json()) as {
    data: { category_id: number }[];
  };
  const made = await request.post('/app/dishes?lang=en', {
    headers,
    data: {
      title: { lv: `Audita zupa ${Date.now()}`, en: `Audit soup ${Date.now()}` },
      category_id: seeded.data[0]!.category_id,
      price: 4.2,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const dish = (await made.json()) as { id: number; price: number; title: { lv: string; en: string } };
  const newPrice = Math.round((dish.price + 0.37) * 100) / 100;
  const saved = await request.put(`/app/dishes/${dish.id}?lang=en`, { headers, data: { price: newPrice } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const euros = (v: number) => `€${v.toFixed(2)}`; // English formatting

  await storedSession(page, 'admin@demo.lv');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await scanA11y(page, 'audit: all entries');

  await page.getByLabel('Action').selectOption({ label: 'Dish price' });
  await page.getByLabel('Object number').fill(String(dish.id));
  const row = page.getByRole('row').filter({ hasText: 'Dish price' }).first();
  // What and who by name (issue 24), the number still there.
  await expect(row).toContainText(`Dish: ${dish.title.en || dish.title.lv}`);
  await expect(row).toContainText(`no. ${dish.id}`);
  await expect(row).toContainText('admin@demo.lv');
  await expect(row).toContainText(euros(dish.price));
  await expect(row).toContainText(euros(newPrice));
  await expect(page.getByRole('row').filter({ hasText: 'Menu created' })).toHaveCount(0);
  await scanA11y(page, 'audit: filtered by action');
});
