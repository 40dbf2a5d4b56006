/*
 * The days a menu can be copied to ("Menus in a minute", issue 13), computed the same way by the
 * web (to offer them) and by tests. Days are calendar days "yyyy-mm-dd" in the provider's zone;
 * working days are Monday to Friday (public holidays are the kitchen's to skip by hand).
 */

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 1 = Monday ... 7 = Sunday. */
export function weekday(day: string): number {
  const [y, m, d] = parts(day);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The first Monday-to-Friday day after `day`. */
export function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (weekday(next) > 5) next = addDays(next, 1);
  return next;
}

/** Monday to Friday of the week after the one `day` is in. */
export function nextWeekWorkingDays(day: string): string[] {
  const monday = addDays(day, 8 - weekday(day));
  return [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
}
