/** Spec 2/9: tables show 20 rows per page unless told otherwise. */
export const DEFAULT_PAGE_SIZE = 20;

export type SortDir = 'asc' | 'desc';
export interface SortState {
  field: string;
  dir: SortDir;
}

/** `?page=` as a positive integer, 1 when absent or invalid. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** `?sort=field&dir=asc|desc` → SortState, or the fallback. */
export function parseSort(
  field: string | null | undefined,
  dir: string | null | undefined,
  fallback: SortState | null = null,
): SortState | null {
  if (!field) return fallback;
  return { field, dir: dir === 'desc' ? 'desc' : 'asc' };
}

/** Clicking a header: a new column sorts ascending; the same column flips. */
export function nextSort(current: SortState | null, field: string): SortState {
  if (current?.field === field) return { field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { field, dir: 'asc' };
}

export function pageCount(total: number, perPage = DEFAULT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The rows of one page (client-side paging). */
export function paginate<T>(rows: readonly T[], page: number, perPage = DEFAULT_PAGE_SIZE): T[] {
  const start = (page - 1) * perPage;
  return rows.slice(start, start + perPage);
}

export type SortValue = string | number | boolean | null | undefined | Date;

/** Stable sort by a value getter; nulls last; strings compared by locale with numbers natural. */
export function sortRows<T>(rows: readonly T[], getValue: (row: T) => SortValue, dir: SortDir, locale?: string): T[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: getValue(row) }))
    .sort((a, b) => {
      const av = a.value instanceof Date ? a.value.getTime() : a.value;
      const bv = b.value instanceof Date ? b.value.getTime() : b.value;
      const aMissing = av === null || av === undefined || av === '';
      const bMissing = bv === null || bv === undefined || bv === '';
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      let cmp: number;
      if (typeof av === 'string' || typeof bv === 'string') cmp = collator.compare(String(av), String(bv));
      else cmp = Number(av) - Number(bv);
      return cmp === 0 ? a.index - b.index : cmp * sign;
    })
    .map((x) => x.row);
}

/**
 * Page buttons to show: first, last, and a window around the current page, with `null`
 * marking a gap. pageItems(5, 10) → [1, null, 4, 5, 6, null, 10].
 */
export function pageItems(current: number, last: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev === 2) out.push(p - 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** API list parameters (design 4): page, per_page and sort[field]=dir. */
export function toListQuery(page: number, perPage: number | 'all', sort: SortState | null) {
  return {
    page,
    per_page: perPage,
    ...(sort ? { sort: { [sort.field]: sort.dir } } : {}),
  };
}
