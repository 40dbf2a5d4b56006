import type { Page } from '@playwright/test';
import { expect, scanA11y, sidewaysOverflow, test } from './a11y';
import { newCustomer, newManager, ownLocation, storedSession } from './ordering-support';

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

// Issue 29 (decision 074): a location manager sets a monthly budget for their location, makes a
// group with its own rule, puts a colleague in it, and sees the month's spend.
test('a manager sets a monthly budget and sees the spend', async ({ page, request }) => {
  const location = await ownLocation(request, 'Budget office');
  const manager = await newManager(request, location, 'Ilze');
  const colleague = await newCustomer(request, location.title, 'Pēteris');
  await storedSession(page, manager.email);

  // From "My team" to the location's budgets.
  await page.goto('/my-team');
  await page.getByRole('link', { name: 'Budgets and groups' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Budgets: ${location.title}`);

  // The location's rule: €80 a calendar month, the whole order, blocking.
  const everyone = page.getByRole('region', { name: 'Everyone at the location' });
  await expect(everyone).toContainText('No rule: no budget.');
  await everyone.getByRole('combobox', { name: 'Period' }).selectOption('month');
  await everyone.getByRole('textbox', { name: 'Budget per person (€)' }).fill('0');
  await everyone.getByRole('button', { name: 'Save rule' }).click();
  await expect(everyone.getByRole('textbox', { name: 'Budget per person (€)' })).toHaveAccessibleDescription(
    'Enter an amount in euros above zero, e.g. 80 or 4,50.',
  );
  await everyone.getByRole('textbox', { name: 'Budget per person (€)' }).fill('80');
  await everyone.getByRole('radio', { name: 'the whole order' }).check();
  await everyone.getByRole('radio', { name: 'Block the order' }).check();
  await everyone.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('region', { name: 'Everyone at the location' })).toContainText(
    '€80.00 per month, the whole order; orders over it are refused.',
  );
  await scanA11y(page, 'budgets with a location rule');

  // A group, and the colleague in it.
  const groups = page.getByRole('region', { name: 'Groups', exact: true });
  await groups.getByRole('textbox', { name: 'New group' }).fill('Sales');
  await groups.getByRole('button', { name: 'Add group' }).click();
  await expect(groups.getByRole('listitem').filter({ hasText: 'Sales' })).toContainText('0 people');
  const people = page.getByRole('region', { name: 'People and their groups' });
  await people.getByRole('combobox', { name: `Group of ${colleague.name}` }).selectOption({ label: 'Sales' });
  await expect(groups.getByRole('listitem').filter({ hasText: 'Sales' })).toContainText('1 person');

  // The group's own rule: up to €5 of an order, €25 a week, warning only.
  const sales = page.getByRole('region', { name: 'Group: Sales' });
  await sales.getByRole('combobox', { name: 'Period' }).selectOption('week');
  await sales.getByRole('textbox', { name: 'Budget per person (€)' }).fill('25');
  await sales.getByRole('radio', { name: 'up to an amount per order' }).check();
  await sales.getByRole('textbox', { name: 'At most per order (€)' }).fill('30');
  await sales.getByRole('radio', { name: 'Warn, the eater pays the rest' }).check();
  await sales.getByRole('button', { name: 'Save rule' }).click();
  // The server refuses a cap above the budget, under the field.
  await expect(sales.getByRole('textbox', { name: 'At most per order (€)' })).toHaveAccessibleDescription(
    'The most per order may not be more than the budget.',
  );
  await sales.getByRole('textbox', { name: 'At most per order (€)' }).fill('5');
  await sales.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('region', { name: 'Group: Sales' })).toContainText(
    '€25.00 per week, up to €5.00 per order; the eater is warned and pays the rest.',
  );

  // Renaming asks nothing; deleting asks first.
  await groups.getByRole('button', { name: 'Rename group Sales' }).click();
  await groups.getByRole('textbox', { name: 'New name of Sales' }).fill('Sales team');
  await groups.getByRole('button', { name: 'Save' }).click();
  await expect(groups.getByRole('listitem').filter({ hasText: 'Sales team' })).toBeVisible();
  await scanA11y(page, 'budgets with a group rule');

  // Removing a rule asks first: "Cancel" keeps it, "Remove rule" removes it; the location's rule stays.
  const salesTeam = page.getByRole('region', { name: 'Group: Sales team' });
  await salesTeam.getByRole('button', { name: 'Remove rule: Group: Sales team' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove the budget rule?' })).toContainText('Group: Sales team');
  await confirmIn(page, 'Remove the budget rule?', 'Cancel');
  await expect(salesTeam).toContainText('€25.00 per week, up to €5.00 per order');
  await salesTeam.getByRole('button', { name: 'Remove rule: Group: Sales team' }).click();
  await confirmIn(page, 'Remove the budget rule?', 'Remove rule');
  await expect(salesTeam).toContainText('No rule: no budget.');
  await expect(page.getByRole('region', { name: 'Everyone at the location' })).toContainText('€80.00 per month');

  // At 360 px nothing scrolls the page sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await scanA11y(page, 'budgets at 360 px');

  // The spend page from the navigation: this month's figures (none yet) and a CSV.
  await page.getByRole('link', { name: 'See the spend' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Spend');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(location.title);
  const totals = page.getByRole('region', { name: 'Totals', exact: true });
  await expect(totals).toContainText('Orders');
  await expect(page.getByRole('region', { name: 'Meetings and guests', exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await scanA11y(page, 'spend at 360 px');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^spend-location-${location.id}-\\d{4}-\\d{2}\\.csv$`));

  // Deleting the group, after a confirmation.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Budget rules and groups' }).click();
  await page.getByRole('region', { name: 'Groups', exact: true }).getByRole('button', { name: 'Delete group Sales team' }).click();
  await confirmIn(page, 'Delete the group?', 'Delete');
  await expect(page.getByRole('region', { name: 'Groups', exact: true })).toContainText('No groups yet.');
  await expect(page.getByRole('region', { name: 'Group: Sales team' })).toHaveCount(0);
});
