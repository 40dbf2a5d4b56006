/*
 * Pricing an order's lines against the priced menu (dishes, set meals and their chosen options),
 * with the field errors of a line that cannot be priced. The order check and the company's
 * meeting and guest orders price the same way (decision 076).
 */
import type { CodedFieldErrors } from '../../lib/errors.js';
import type { OrderItemInput } from '../../../shared/schemas/ordering.js';
import { lineDietary, type Dietary } from '../../../shared/dietary.js';
import { choicesToSelection, selectionPriceCents, selectionProblems } from '../../../shared/ordering/complex.js';
import type { DishData, MenuData } from '../priced-menu/priced-menu.read.js';
import { orderingText } from './ordering.messages.js';

/** One line of an order, priced. */
export interface PricedLine {
  dish: DishData;
  qty: number;
  unitPriceCents: number;
  options: { groupId: number; dishId: number; title: DishData['title']; priceCents: number }[];
  /** What the line contains (the dish and its chosen options; shared/dietary.ts lineDietary). */
  dietary: Dietary;
}

/** Prices and checks every line against the menu; collects field errors. */
export function priceLines(menu: MenuData, items: OrderItemInput[], errors: CodedFieldErrors): PricedLine[] {
  const lines: PricedLine[] = [];
  items.forEach((item, i) => {
    const dish = menu.dishes.get(item.id);
    if (!dish) {
      errors[`items.${i}.id`] = [orderingText.coded('dishRemoved')];
      return;
    }
    if (dish.type === 'simple') {
      if (item.complex && item.complex.length > 0) {
        errors[`items.${i}.complex`] = [orderingText.coded('noOptions')];
        return;
      }
      lines.push({ dish, qty: item.qty, unitPriceCents: dish.priceCents, options: [], dietary: lineDietary(dish, []) });
      return;
    }
    const choices = item.complex ?? [];
    const selected = choicesToSelection(choices);
    if (selectionProblems(dish.groups, selected).length > 0) {
      errors[`items.${i}.complex`] = [orderingText.coded('optionsInvalid')];
      return;
    }
    const chosen = choices.map((c) => ({
      c,
      option: dish.groups.find((g) => g.id === c.group_id)!.dishes.find((o) => o.id === c.dish_id)!,
    }));
    lines.push({
      dish,
      qty: item.qty,
      unitPriceCents: selectionPriceCents(dish.groups, selected, dish.priceCents),
      options: chosen.map(({ c, option }) => ({
        groupId: c.group_id,
        dishId: c.dish_id,
        title: option.title,
        priceCents: option.priceCents,
      })),
      dietary: lineDietary(
        dish,
        chosen.map(({ option }) => option),
      ),
    });
  });
  return lines;
}
