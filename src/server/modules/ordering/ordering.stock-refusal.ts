/** The texts that name dishes in a refusal: a dish short of stock, or held over the unpaid cap. */
import type { StockShortage } from '../../../shared/ordering/checkout.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { localNames, type LocalText } from '../../lib/i18n.js';
import type { MenuData } from '../priced-menu/priced-menu.read.js';
import { orderingText } from './ordering.messages.js';

/** A dish of the menu (or an option of a set meal) by its name, in the language the text is read in. */
export function dishName(menu: MenuData, dishId: number): LocalText | string {
  const direct = menu.dishes.get(dishId);
  if (direct) return localNames([direct.title]);
  for (const d of menu.dishes.values()) {
    for (const g of d.groups) {
      const o = g.dishes.find((x) => x.id === dishId);
      if (o) return localNames([o.title]);
    }
  }
  return `#${dishId}`;
}

/** The 422 of an order the stock cannot serve: one text per short dish (what is left, or sold out). */
export function stockRefusal(menu: MenuData, short: readonly StockShortage[]): AppError {
  const errors: CodedFieldErrors = {};
  for (const { dishId, left } of short) {
    const dish = dishName(menu, dishId);
    errors[`balance.${dishId}`] = [
      left > 0 ? orderingText.coded('outOfStock', { dish, count: left }) : orderingText.coded('soldOut', { dish }),
    ];
  }
  return fieldError(orderingText.coded('someUnavailable'), errors);
}
