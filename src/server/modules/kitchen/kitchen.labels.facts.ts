import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { addressLine } from '../../../shared/address.js';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import { allergens, dishes, dishTraces, providers } from '../../db/schema/index.js';
import { formatDay, formatDayTime } from '../../lib/dates.js';
import type { Run } from '../../lib/pdf/measure.js';
import { emphasise } from './kitchen.labels.emphasis.js';

/*
 * What the law asks a portion's label to say beyond whose it is (issue 28, decision 070): the
 * ingredients with the allergens emphasised, "may contain" traces, the prepared date, the use-by,
 * the provider's name and address, and the net weight when set.
 *
 * Use-by: a dish keeps `shelf_life_hours` from when it is cooked, and cooking starts at the menu's
 * deadline (orders close, the kitchen cooks), never before the start of the menu's day; no shelf
 * life: the end of the menu's day (23:59). A set meal is used by its earliest part (the set and
 * its chosen dishes).
 */

export interface DishFacts {
  title: Record<string, string>;
  ingredients: Record<string, string>;
  shelfLifeHours: number | null;
  portionGrams: number | null;
  traces: number[];
}

export interface LabelFacts {
  /** The provider's name (legal name, else its title) and address on one line. */
  provider: string;
  zone: string;
  dishes: Map<number, DishFacts>;
  traceTitles: Map<number, Record<string, string>>;
}

/** The dishes' label facts and the provider's name and address, in three queries. */
export async function loadLabelFacts(db: Db, providerId: number, dishIds: number[]): Promise<LabelFacts> {
  const ids = [...new Set(dishIds)];
  const [[p], rows, traces] = await Promise.all([
    db.select().from(providers).where(eq(providers.id, providerId)),
    ids.length
      ? db
          .select({
            id: dishes.id,
            title: dishes.title,
            ingredients: dishes.ingredients,
            shelfLifeHours: dishes.shelfLifeHours,
            portionGrams: dishes.portionGrams,
          })
          .from(dishes)
          .where(inArray(dishes.id, ids))
      : [],
    ids.length
      ? db
          .select({ dishId: dishTraces.dishId, id: allergens.id, title: allergens.title, position: allergens.position })
          .from(dishTraces)
          .innerJoin(allergens, eq(allergens.id, dishTraces.allergenId))
          .where(inArray(dishTraces.dishId, ids))
          .orderBy(allergens.position, allergens.id)
      : [],
  ]);
  const map = new Map<number, DishFacts>();
  for (const r of rows)
    map.set(r.id, {
      title: r.title as Record<string, string>,
      ingredients: (r.ingredients ?? {}) as Record<string, string>,
      shelfLifeHours: r.shelfLifeHours,
      portionGrams: r.portionGrams,
      traces: [],
    });
  const traceTitles = new Map<number, Record<string, string>>();
  for (const t of traces) {
    map.get(t.dishId)?.traces.push(t.id);
    traceTitles.set(t.id, t.title as Record<string, string>);
  }
  const name = p ? p.legalName.trim() || p.title : '';
  const address = p ? addressLine(p) : '';
  return { provider: [name, address].filter(Boolean).join(', '), zone: p?.timezone ?? 'Europe/Riga', dishes: map, traceTitles };
}

/** The instant a dish of the menu is to be used by (the rule above). */
export function useByOf(menu: { from: Date; to: Date }, zone: string, hours: number | null): DateTime {
  const day = DateTime.fromJSDate(menu.from).setZone(zone).startOf('day');
  if (hours === null) return day.endOf('day').startOf('minute');
  const deadline = DateTime.fromJSDate(menu.to).setZone(zone);
  const cooked = deadline < day ? day : deadline;
  return cooked.plus({ hours });
}

export interface LawFields {
  /** The ingredients with the allergens in bold; the allergens alone when the dish has no ingredients text. */
  ingredients: Run[];
  /** The dish has no ingredients text: the runs are its allergens alone. */
  ingredientsMissing: boolean;
  traces: string[];
  prepared: string;
  useBy: string;
  provider: string;
  grams: number | null;
}

/**
 * A portion's law fields: `dishId` the ordered dish, `optionIds` the chosen dishes of a set meal,
 * `allergens` the portion's allergens as ordered (names in `lang`).
 */
export function lawFields(
  facts: LabelFacts,
  menu: { from: Date; to: Date },
  line: { dishId: number; optionIds: number[]; allergens: string[] },
  lang: Lang,
): LawFields {
  // A day's 600 portions are a few dozen dishes and choices: each worked out once per print-out
  // (the dates and the emphasis were a tenth of the labels' time). The fields are never changed.
  const key = `${menu.from.getTime()}|${menu.to.getTime()}|${lang}|${line.dishId}|${line.optionIds.join(',')}|${line.allergens.join('\u0000')}`;
  let fields = lawFieldsMemo.get(facts)?.get(key);
  if (!fields) {
    fields = lawFieldsOf(facts, menu, line, lang);
    let memo = lawFieldsMemo.get(facts);
    if (!memo) lawFieldsMemo.set(facts, (memo = new Map()));
    memo.set(key, fields);
  }
  return fields;
}

/** Law fields already worked out, per facts of one print-out. */
const lawFieldsMemo = new WeakMap<LabelFacts, Map<string, LawFields>>();

function lawFieldsOf(
  facts: LabelFacts,
  menu: { from: Date; to: Date },
  line: { dishId: number; optionIds: number[]; allergens: string[] },
  lang: Lang,
): LawFields {
  const own = facts.dishes.get(line.dishId);
  const parts = line.optionIds.map((id) => facts.dishes.get(id)).filter((d): d is DishFacts => d !== undefined);
  const texts = [
    own ? pickText(own.ingredients, lang).trim() : '',
    // A set meal's chosen dishes, each named before its ingredients.
    ...parts.map((d) => {
      const text = pickText(d.ingredients, lang).trim();
      return text ? `${pickText(d.title, lang)}: ${text}` : '';
    }),
  ].filter(Boolean);
  const { runs } = emphasise(texts.join('; '), line.allergens);
  const all = own ? [own, ...parts] : parts;
  const traceIds = [...new Set(all.flatMap((d) => d.traces))];
  const traces = traceIds.map((id) => pickText(facts.traceTitles.get(id), lang)).filter((t) => !line.allergens.includes(t));
  // The earliest of its parts; a dish no longer in the catalogue counts as the end of the day.
  const useBy = all.length
    ? DateTime.min(...all.map((d) => useByOf(menu, facts.zone, d.shelfLifeHours)))!
    : useByOf(menu, facts.zone, null);
  const sum = parts.every((d) => d.portionGrams !== null) && parts.length > 0 ? parts.reduce((s, d) => s + d.portionGrams!, 0) : null;
  return {
    ingredients: runs,
    ingredientsMissing: texts.length === 0,
    traces,
    prepared: formatDay(menu.from, facts.zone),
    useBy: formatDayTime(useBy, facts.zone),
    provider: facts.provider,
    grams: own?.portionGrams ?? sum,
  };
}
