import { expect, scanA11y, test } from './a11y';
import { storedSession } from './ordering-support';

/*
 * Issue 30, decision 080: the kitchen opens a dish's ratings, answers a comment and sees the
 * answer saved. The demo seed rates the pork chop of a menu two days back (demo-ratings.ts).
 */
test('the kitchen opens a dish’s ratings, answers a comment and sees it saved', async ({ page }) => {
  await storedSession(page, 'kitchen@demo.lv');
  await page.goto('/ratings');
  const dish = page.getByRole('link', { name: 'Breaded pork chop' });
  await expect(dish).toBeVisible();
  await scanA11y(page, 'ratings list');

  await dish.click();
  await expect(page.getByRole('heading', { name: 'Ratings: Breaded pork chop', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ratings by stars' })).toBeVisible();
  const comment = page.getByRole('listitem').filter({ hasText: 'Kad atveda, bija jau atdzisusi.' });
  const answer = `Atvainojiet, uzlabosim iepakojumu (${Date.now().toString(36)}).`;
  await comment.getByLabel('Your answer (the eater sees it)').fill(answer);
  await comment.getByRole('button', { name: 'Save answer' }).click();
  // The button's own spinner is a status too while it saves: look for the answer's status by its text.
  await expect(comment.getByRole('status').filter({ hasText: /^Answer saved\.$/ })).toBeVisible();
  await scanA11y(page, 'dish ratings with an answer saved');

  await page.reload();
  const again = page.getByRole('listitem').filter({ hasText: 'Kad atveda, bija jau atdzisusi.' });
  await expect(again.getByLabel('Your answer (the eater sees it)')).toHaveValue(answer);
  await expect(again.getByRole('status').filter({ hasText: /^Answered / })).toBeVisible();
});
