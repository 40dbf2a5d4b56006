import { expect, test } from './a11y';
import { newCustomer, storedSession } from './ordering-support';

test('profile: edit and save the name, cancel an edit, and see password errors per field', async ({ page, request }) => {
  // A customer of this journey's own: its name changes and its password guesses run out here.
  const me = await newCustomer(request, 'Birojs Centrs', 'Ilona');
  await storedSession(page, me.email, 'lv');

  // The allergen list fails to load (the network drops it, retries included): the form says so
  // and offers another try, which loads it.
  let dropAllergens = true;
  await page.route('**/app/allergens*', (route) => (dropAllergens ? route.abort('connectionreset') : route.continue()));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mans profils' })).toBeVisible();
  await expect(page.getByText('Alergēnu sarakstu neizdevās ielādēt.')).toBeVisible({ timeout: 15_000 });
  dropAllergens = false;
  await page.getByRole('button', { name: 'Mēģināt vēlreiz' }).click();
  await expect(page.getByRole('group', { name: 'Es izvairos' }).getByRole('checkbox').first()).toBeVisible();
  await expect(page.getByText('Alergēnu sarakstu neizdevās ielādēt.')).toBeHidden();
  const save = page.getByRole('button', { name: 'Saglabāt', exact: true });
  const cancel = page.getByRole('button', { name: 'Atcelt' });
  await expect(page.getByLabel('E-pasts')).toHaveValue(me.email);
  await expect(page.getByLabel('E-pasts')).toHaveAttribute('readonly', '');
  await expect(save).toBeDisabled();

  // An edit typed back to the stored value is no edit.
  const name = page.getByLabel(/^Vārds/);
  const original = await name.inputValue();
  await name.fill(`${original}x`);
  await expect(save).toBeEnabled();
  await name.fill(original);
  await expect(save).toBeDisabled();

  // A name of spaces only is refused at once, under the field, and cannot be saved.
  await name.fill('   ');
  await expect(name).toHaveAccessibleDescription('Vārds ir obligāts.');
  await expect(save).toBeDisabled();
  await name.fill(original);
  await expect(name).not.toHaveAttribute('aria-invalid');

  // Cancel discards.
  await page.getByLabel('Tālrunis').fill('+371 20 000 001');
  await cancel.click();
  await expect(page.getByLabel('Tālrunis')).not.toHaveValue('+371 20 000 001');

  // Save replaces the profile, including the name in the header.
  await name.fill('Ilona Ozola');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Jūsu profils ir saglabāts.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profila izvēlne: Ilona Ozola' })).toBeVisible();
  await expect(save).toBeDisabled();

  // Password: Update waits for all three fields; a wrong current password is shown at its field.
  const update = page.getByRole('button', { name: 'Atjaunināt' });
  await page.getByLabel('Pašreizējā parole').fill('not-my-password');
  await page.getByLabel('Jaunā parole').fill('a-new-password-1');
  await expect(update).toBeDisabled();
  // A confirmation that does not match is refused in the browser, with the server's own text
  // (the form validates with the request's schema), and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/app/me/password/change')) sent += 1;
  });
  await page.getByLabel('Atkārtojiet jauno paroli').fill('a-new-password-2');
  await update.click();
  await expect(page.getByText('Paroles apstiprinājums nesakrīt.')).toBeVisible();
  expect(sent).toBe(0);
  await page.getByLabel('Atkārtojiet jauno paroli').fill('a-new-password-1');
  await expect(page.getByText('Paroles apstiprinājums nesakrīt.')).toBeHidden();
  await update.click();
  await expect(page.getByText('Pašreizējā parole nav pareiza.')).toBeVisible();
  expect(sent).toBe(1);
  // Editing the field clears its error.
  await page.getByLabel('Pašreizējā parole').fill('demo-password');
  await expect(page.getByText('Pašreizējā parole nav pareiza.')).toBeHidden();

  // Guessing: after 5 wrong current passwords the limit's message shows at the field, and the
  // form neither claims success nor loses what was typed.
  await page.getByLabel('Pašreizējā parole').fill('still-not-it');
  for (let attempt = 2; attempt <= 5; attempt++) {
    const answer = page.waitForResponse((r) => r.url().includes('/app/me/password/change'));
    await update.click();
    expect((await answer).status()).toBe(422);
  }
  const limited = page.waitForResponse((r) => r.url().includes('/app/me/password/change'));
  await update.click();
  expect((await limited).status()).toBe(429);
  await expect(page.getByText('Pārāk daudz mēģinājumu. Lūdzu, brīdi uzgaidiet un mēģiniet vēlreiz.')).toBeVisible();
  await expect(page.getByText('Parole veiksmīgi nomainīta')).toBeHidden();
  await expect(page.getByLabel('Jaunā parole')).toHaveValue('a-new-password-1');
});
