import type { Browser, Locator, Page, Request } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { storedSession } from './ordering-support';
import { DateTime } from 'luxon';
import sharp from 'sharp';

/*
 * Catalogue and menus, end to end (issue 4):
 *   an administrator creates a category, a dish with an image and a complex dish;
 *   a kitchen user builds today's menu with that dish and a balance of 3;
 *   a customer sees the dish with its thumbnail and the "3 left" tag on the order page.
 * Every record gets a unique suffix so other journeys' data is never touched.
 */

const suffix = Date.now().toString(36).slice(-6);
const CATEGORY = { lv: `E2E kategorija ${suffix}`, en: `E2E category ${suffix}` };
const DISH = { lv: `E2E zupa ${suffix}`, en: `E2E soup ${suffix}` };
const COMPLEX = `E2E komplekss ${suffix}`;
const MENU = `E2E ēdienkarte ${suffix}`;

/** The next person at a screen of their own (a browser context), signed in, in Latvian. */
async function screenOf(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await storedSession(page, email, 'lv');
  return page;
}

/** The lv/en inputs of a per-language text group inside `scope`. */
async function fillTexts(scope: Locator, legend: string, texts: { lv: string; en?: string }) {
  const group = scope.getByRole('group', { name: legend, exact: true });
  await group.getByLabel('Latviešu').fill(texts.lv);
  if (texts.en) await group.getByLabel('English').fill(texts.en);
}

// The longest journey (three people in three browser contexts, about 45 s alone): on a loaded
// machine it came within seconds of the default 90 s limit, which only stops a hung journey.
test.describe.configure({ timeout: 150_000 });

test('admin builds the catalogue, kitchen puts the dish on a menu with stock 3, the customer sees it', async ({ page: admin, browser }) => {
  // ---------------------------------------------------------------- administrator: category
  let page = admin;
  await storedSession(page, 'admin@demo.lv', 'lv');
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Kategorijas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Jauna kategorija' }).click();
  let dialog = page.getByRole('dialog', { name: 'Jauna kategorija' });
  await fillTexts(dialog, 'Nosaukums', CATEGORY);
  await dialog.getByRole('button', { name: 'Saglabāt' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Kategorija “${CATEGORY.lv}” saglabāta.` })).toBeVisible();
  await page.getByLabel('Meklēt kategorijas').fill(suffix);
  await expect(page.getByRole('row', { name: new RegExp(CATEGORY.lv) })).toBeVisible();

  // ---------------------------------------------------------------- administrator: dish
  await page.goto('/dishes');
  await page.getByRole('button', { name: 'Jauns ēdiens', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Jauns ēdiens' });
  await fillTexts(dialog, 'Nosaukums', DISH);
  await fillTexts(dialog, 'Apraksts', { lv: 'Sātīga zupa ar dillēm', en: 'A hearty soup with dill' });
  await dialog.getByLabel('Kategorija').selectOption({ label: CATEGORY.lv });
  await dialog.getByLabel('Kods').fill(`E${suffix}`);
  const price = dialog.getByLabel('Cena, €');
  await expect(price).toHaveAttribute('step', '0.01');
  await price.fill('2.5');
  await dialog.getByRole('group', { name: 'Alergēni' }).getByRole('checkbox').first().check();
  // Issue 15: a diet tag, the energy and the ingredients, and no accessibility fault in them.
  await dialog.getByRole('group', { name: 'Uztura atzīmes' }).getByRole('checkbox', { name: 'Veģetārs' }).check();
  await dialog.getByLabel('Enerģētiskā vērtība porcijā, kcal').fill('240');
  await fillTexts(dialog, 'Sastāvdaļas', { lv: 'Kartupeļi, dilles', en: 'Potatoes, dill' });
  // Issue 28: what the labels print, "may contain" traces and the shelf life.
  await dialog.getByRole('group', { name: 'Var saturēt (pēdas)' }).getByRole('checkbox', { name: 'Selerijas' }).check();
  await dialog.getByLabel('Derīguma laiks, stundas').fill('36');
  await scanA11y(page, 'dish editor with diet tags, energy, ingredients, traces and shelf life');
  // The editor validates with the request's schema: a title of spaces only is refused in the
  // browser with the server's own text, under its field, and nothing is sent.
  let sent = 0;
  const countDishPosts = (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/app/dishes') sent += 1;
  };
  page.on('request', countDishPosts);
  const lvTitle = dialog.getByRole('group', { name: 'Nosaukums', exact: true }).getByLabel('Latviešu');
  await lvTitle.fill('   ');
  await dialog.getByRole('button', { name: 'Saglabāt' }).click();
  await expect(dialog.getByText('Šis lauks ir obligāts.')).toBeVisible();
  await expect(lvTitle).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);
  await lvTitle.fill(DISH.lv);
  await expect(dialog.getByText('Šis lauks ir obligāts.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Saglabāt' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toBe(1);
  page.off('request', countDishPosts);
  await expect(page.getByRole('status').filter({ hasText: `Ēdiens “${DISH.lv}” saglabāts.` })).toBeVisible();

  await page.getByLabel('Meklēt ēdienus').fill(suffix);
  const dishRow = page.getByRole('row', { name: new RegExp(DISH.lv) });
  await expect(dishRow).toBeVisible();
  await expect(dishRow.getByText('2,50 €')).toBeVisible();
  // It has allergens and a summary: no warnings.
  await expect(dishRow.getByText('Nav alergēnu')).toHaveCount(0);
  await expect(dishRow.getByText('Nav apraksta')).toHaveCount(0);

  // Image, in the dish editor (issue 24): Upload stays disabled until a file is chosen; the
  // preview shows the upload at once and the table's thumbnail (a display only) follows.
  await dishRow.getByRole('button', { name: `Labot ${DISH.lv}` }).click();
  await expect(page.getByLabel('Derīguma laiks, stundas')).toHaveValue('36');
  await expect(page.getByRole('group', { name: 'Var saturēt (pēdas)' }).getByRole('checkbox', { name: 'Selerijas' })).toBeChecked();
  dialog = page.getByRole('dialog', { name: `Labot ēdienu “${DISH.lv}”` });
  const picture = dialog.getByRole('group', { name: 'Attēls' });
  await expect(picture.getByText('Šim ēdienam vēl nav attēla.')).toBeVisible();
  const upload = picture.getByRole('button', { name: 'Augšupielādēt' });
  await expect(upload).toBeDisabled();
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#d9822b' } })
    .png()
    .toBuffer();
  await picture.getByLabel('Izvēlieties attēlu').setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: png });
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(picture.getByRole('status').filter({ hasText: `Ēdiena “${DISH.lv}” attēls augšupielādēts.` })).toBeVisible();
  await expect(picture.getByRole('img', { name: DISH.lv })).toHaveAttribute('src', /width=500/);
  await expect(picture.getByRole('button', { name: 'Aizstāt attēlu' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Atcelt' }).click();
  await expect(dialog).toBeHidden();
  const thumb = dishRow.locator('img.thumb');
  await expect(thumb).toHaveAttribute('src', /width=46&height=46&format=webp/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(46);

  // ---------------------------------------------------------------- administrator: complex dish
  await page.getByRole('button', { name: 'Jauns komplekss' }).click();
  dialog = page.getByRole('dialog', { name: 'Jauns komplekss' });
  await fillTexts(dialog, 'Nosaukums', { lv: COMPLEX });
  await dialog.getByLabel('Kategorija').first().selectOption({ label: CATEGORY.lv });
  const first = dialog.getByRole('group', { name: /^1\. grupa/ });
  await first.getByLabel('Kategorija').selectOption({ label: CATEGORY.lv });
  await first.getByRole('checkbox', { name: new RegExp(DISH.lv) }).check();
  const override = first.getByLabel(`Ēdiena ${DISH.lv} cena šajā kompleksā, €`);
  await expect(override).toHaveAttribute('step', '0.1');
  await override.fill('2.2');
  // A second group, moved up and removed again: the first group is back in place.
  await dialog.getByRole('button', { name: /Pievienot grupu/ }).click();
  await dialog.getByRole('button', { name: 'Pārvietot 2. grupu uz augšu' }).click();
  await expect(dialog.getByRole('group', { name: /^1\. grupa/ }).getByLabel('Kategorija')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Noņemt 1. grupu' }).click();
  await expect(dialog.getByRole('group', { name: /^1\. grupa/ }).getByRole('checkbox', { name: new RegExp(DISH.lv) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Saglabāt' }).click();
  await expect(dialog).toBeHidden();
  const complexRow = page.getByRole('row', { name: new RegExp(COMPLEX) });
  await expect(complexRow).toBeVisible();
  await expect(complexRow.getByText('Komplekss', { exact: true })).toBeVisible();

  // The category is in use now: deleting it is refused with the server's reason.
  await page.goto('/categories');
  await page.getByLabel('Meklēt kategorijas').fill(suffix);
  await page.getByRole('button', { name: `Dzēst ${CATEGORY.lv}` }).click();
  dialog = page.getByRole('dialog', { name: 'Dzēst kategoriju' });
  await dialog.getByRole('button', { name: 'Dzēst' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Atcelt' }).click();
  await expect(page.getByRole('row', { name: new RegExp(CATEGORY.lv) })).toBeVisible();

  // ---------------------------------------------------------------- kitchen: today's menu, stock 3
  page = await screenOf(browser, 'kitchen@demo.lv');
  await page.goto('/menu/new');
  const today = DateTime.now().setZone('Europe/Riga');
  await page.getByLabel('Nosaukums').fill(MENU);
  await page.getByRole('textbox', { name: 'No', exact: true }).fill(today.startOf('day').toFormat("yyyy-LL-dd'T'HH:mm"));
  // "to" follows "from" while empty (spec 4).
  await expect(page.getByLabel('Līdz (pasūtīšanas termiņš)')).toHaveValue(today.startOf('day').toFormat("yyyy-LL-dd'T'HH:mm"));
  await page.getByLabel('Līdz (pasūtīšanas termiņš)').fill(today.set({ hour: 23, minute: 59 }).toFormat("yyyy-LL-dd'T'HH:mm"));
  await page.getByLabel('Publicēta (klienti var pasūtīt)').check();
  // The set meal is shown with the "from" price the catalogue gives it (option 2,20 €), not its base of 0,00 €.
  await page.getByLabel('Meklēt aktīvos ēdienus').fill(COMPLEX);
  const setMeal = page.getByRole('checkbox', { name: new RegExp(COMPLEX) });
  await setMeal.check();
  await expect(page.getByText('Klienti redz: no 2,20 €.')).toBeVisible();
  await setMeal.uncheck();
  await page.getByLabel('Meklēt aktīvos ēdienus').fill(DISH.lv);
  // The dishes are listed under their categories (issue 24).
  await page.getByRole('group', { name: CATEGORY.lv }).getByRole('checkbox', { name: DISH.lv }).check();
  await expect(page.getByRole('heading', { name: 'Ēdieni šajā ēdienkartē (1)' })).toBeVisible();
  // Refused before sending (decision 048): a title of spaces with the form's own text, then a
  // price above the API's largest with the server's text, each under its field; nothing is sent.
  const menuPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/app/dishlists') menuPosts.push(r.url());
  });
  const menuTitle = page.getByLabel('Nosaukums');
  const menuPrice = page.getByLabel('Cena šajā ēdienkartē, €');
  await menuTitle.fill('   ');
  await menuPrice.fill('100000.5');
  await page.getByRole('button', { name: 'Saglabāt un labot atlikumus' }).click();
  await expect(menuTitle).toHaveAccessibleDescription('Šis lauks ir obligāts.');
  await expect(menuTitle).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Nav saglabāts: skatiet paziņojumus augstāk.' })).toBeVisible();
  await menuTitle.fill(MENU);
  await expect(menuTitle).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Saglabāt un labot atlikumus' }).click();
  await expect(menuPrice).toHaveAccessibleDescription(/Vērtība nedrīkst būt lielāka par 100000\.$/);
  await expect(menuPrice).toHaveAttribute('aria-invalid', 'true');
  expect(menuPosts).toHaveLength(0);
  await menuPrice.fill('');
  await page.getByRole('button', { name: 'Saglabāt un labot atlikumus' }).click();
  await expect(page).toHaveURL(/\/menu\/\d+\/balance$/);
  const menuId = /\/menu\/(\d+)\/balance$/.exec(page.url())![1];
  expect(menuPosts).toHaveLength(1);

  // The balance page has replaced the form (the address changes before the page renders).
  await expect(page.getByRole('heading', { name: `Atlikumi: ${MENU}`, level: 1 })).toBeVisible();
  const stock = page.getByRole('spinbutton', { name: DISH.lv });
  await expect(stock).toHaveValue('');
  // More than the request schema's largest quantity is refused under the dish, and Save waits.
  await stock.fill('1000001');
  await expect(stock).toHaveAccessibleDescription(/Ievadiet veselu skaitli no 0 vai atstājiet tukšu, ja daudzums nav ierobežots\.$/);
  await expect(page.getByRole('button', { name: 'Saglabāt atlikumus' })).toBeDisabled();
  await stock.fill('3');
  // Leaving with the edit unsaved asks first (issue 24); staying keeps what was typed.
  await page.getByRole('link', { name: 'Atpakaļ uz ēdienkarti' }).click();
  const leave = page.getByRole('dialog', { name: 'Aiziet nesaglabājot?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Palikt lapā' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/menu\/\d+\/balance$/);
  await expect(stock).toHaveValue('3');
  const saved = page.waitForResponse((r) => /\/app\/dishlists\/\d+\/balance/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Saglabāt atlikumus' }).click();
  const posted = await saved;
  expect(posted.ok()).toBe(true);
  // Only the edit is posted.
  expect(posted.request().postDataJSON()).toEqual({ balance: [{ id: expect.any(Number), qty: 3 }] });
  await expect(page.getByRole('status').filter({ hasText: 'Atlikumi saglabāti.' })).toBeVisible();
  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: 'Atpakaļ uz ēdienkarti' }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${menuId}$`));

  // ---------------------------------------------------------------- customer: the order page
  await page.context().close();
  page = await screenOf(browser, 'anna@demo.lv');
  await page.goto('/');
  await page.getByRole('button', { name: 'Valoda: Latviešu' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The order page names menus with their day, e.g. "E2E ēdienkarte … (22.11.2026)".
  await page.getByLabel('Menu', { exact: true }).selectOption(menuId);
  const card = page.locator('article').filter({ hasText: DISH.en });
  await expect(card).toBeVisible();
  await expect(card.getByText('3 left')).toBeVisible();
  await expect(card.getByText('Vegetarian', { exact: true })).toBeVisible();
  await expect(card.getByText('240 kcal')).toBeVisible();
  await expect(card.getByText('Ingredients: Potatoes, dill')).toBeVisible();
  const menuThumb = card.getByRole('button', { name: `Show a larger picture of ${DISH.en}` }).locator('img');
  await expect(menuThumb).toHaveAttribute('src', /width=64&height=64&format=webp/);
  await expect.poll(() => menuThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

  // Back to Latvian so the shared demo account is left as found.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Latviešu' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
});
