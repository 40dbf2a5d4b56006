import type { Lang } from '../../../shared/i18n.js';
import { kitchenText } from './kitchen.messages.js';

/*
 * What other modules read of the kitchen (the lap report prints them as the kitchen does): the
 * dishes counted as the kitchen display counts them, and the allergens column's heading (allergens
 * in words are the orders read model's: orders/allergens.read.ts).
 */
export { countDishes } from './kitchen.counts.js';

/** The menu's lines counted per dish and chosen option in one pass (the balance editor's "ordered", decision 093). */
export { countLines } from './kitchen.day.js';

/** The heading of an allergens column ("Allergens"). */
export const allergensHeading = (lang: Lang): string => kitchenText(lang, 'allergens');
