import { z } from 'zod';
import { dbIdParam } from './schemas/ids.js';
import { text } from './schemas/text.js';

/**
 * List conventions shared by every paged call:
 *   ?page=2&per_page=50|all&sort[created_at]=desc&sort[position]&filter[status]=1&search=soup
 *
 * Fastify's default query parser hands bracket keys over literally ('sort[created_at]'), so the
 * schema below reads them from the flat object (a nested `sort: {...}` from a qs-style parser is
 * accepted too). The server validates with `listQuerySchema(...)`; the web builds the query with
 * `listSearchParams(...)`. Both sides import this file; it imports nothing but zod
 * (and the id bounds of schemas/ids.ts).
 */

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Page size when a call gives none (spec: categories, dishes and locations default to 50). */
export const DEFAULT_PER_PAGE = 50;
/** Largest numeric page size; 'all' is the way to ask for everything. */
export const MAX_PER_PAGE = 1000;

export type PerPage = number | 'all';

export interface SortKey<S extends string = string> {
  field: S;
  dir: SortDir;
}

/** A parsed list query, as handlers receive it. */
export interface ListQuery<
  S extends string = string,
  F extends Record<string, unknown> = Record<string, unknown>,
  P extends Record<string, unknown> = Record<string, unknown>,
> {
  page: number;
  perPage: PerPage;
  /** In the order given; empty when the caller gave none (the service applies its default). */
  sort: SortKey<S>[];
  /** Only the filters the call knows, parsed; unknown filter[...] keys are ignored. */
  filter: Partial<F>;
  /** Trimmed; '' when absent. */
  search: string;
  /** The call's own parameters (ListQueryOptions.params), parsed; absent on calls that declare none. */
  params: P;
  /** Every other query parameter as given (provider_id, lang, a, call-specific flags). */
  rest: Record<string, unknown>;
}

/** filter[x]=1|0|true|false -> boolean. */
export const boolFilter = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** filter[x]=<id>: an integer 1..2147483647 (the range of a PostgreSQL integer key). */
export const idFilter = dbIdParam;

export const perPageParam = z.union([z.literal('all'), z.coerce.number().int().min(1).max(MAX_PER_PAGE)]);

export interface ListQueryOptions<
  S extends string,
  FS extends Record<string, z.ZodType>,
  PS extends z.ZodRawShape = Record<never, z.ZodType>,
> {
  /** Fields that may appear in sort[...]; anything else is a 422 on that key. */
  sort: readonly S[];
  /** Known filters and how to parse their values. */
  filters?: FS;
  /** The call's own plain parameters (e.g. `full`, `dishlist_id`), validated as given; errors on their own names. */
  params?: PS;
  defaultPerPage?: number;
  /** Longest `search` (default 200). */
  searchMaxLength?: number;
}

type FiltersOf<FS extends Record<string, z.ZodType>> = { [K in keyof FS]: z.output<FS[K]> };

const BRACKET = /^(sort|filter)\[([^\]]*)\]$/;

/**
 * The querystring schema of a list call. Errors use the bracket key as the field
 * (e.g. errors['sort[colour]']) with the shared 'invalidValue' text.
 */
export function listQuerySchema<
  S extends string,
  FS extends Record<string, z.ZodType> = Record<never, z.ZodType>,
  PS extends z.ZodRawShape = Record<never, z.ZodType>,
>(opts: ListQueryOptions<S, FS, PS>) {
  const sortable = new Set<string>(opts.sort);
  const filters = (opts.filters ?? {}) as FS;
  const own = (opts.params ?? {}) as PS;
  return z
    .looseObject({
      ...own,
      page: z.coerce.number().int().min(1).optional(),
      per_page: perPageParam.optional(),
      search: text()
        .max(opts.searchMaxLength ?? 200)
        .optional(),
    })
    .transform((input, ctx): ListQuery<S, FiltersOf<FS>, z.output<z.ZodObject<PS>>> => {
      // The call's own params make the inferred type generic; the list keys are these.
      const raw = input as Record<string, unknown> & { page?: number; per_page?: PerPage; search?: string };
      const sort: SortKey<S>[] = [];
      const filter: Partial<FiltersOf<FS>> = {};
      const rest: Record<string, unknown> = {};
      const bad = (key: string) => ctx.issues.push({ code: 'custom', message: 'invalidValue', path: [key], input: raw[key] });

      const entries: [kind: string, name: string, key: string, value: unknown][] = [];
      const params: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (key === 'page' || key === 'per_page' || key === 'search') continue;
        if (Object.hasOwn(own, key)) {
          params[key] = value;
          continue;
        }
        const m = BRACKET.exec(key);
        if (m) entries.push([m[1]!, m[2]!, key, value]);
        else if ((key === 'sort' || key === 'filter') && value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [name, v] of Object.entries(value)) entries.push([key, name, `${key}[${name}]`, v]);
        } else rest[key] = value;
      }

      for (const [kind, name, key, value] of entries) {
        if (kind === 'sort') {
          const dir = value === '' || value === undefined ? 'asc' : value;
          if (!sortable.has(name) || (dir !== 'asc' && dir !== 'desc')) bad(key);
          else if (!sort.some((s) => s.field === name)) sort.push({ field: name as S, dir });
        } else if (Object.hasOwn(filters, name)) {
          if (value === '' || value === undefined) continue; // an empty filter means "any"
          const parsed = (filters[name] as z.ZodType).safeParse(value);
          if (!parsed.success) bad(key);
          else (filter as Record<string, unknown>)[name] = parsed.data;
        }
      }

      return {
        page: raw.page ?? 1,
        perPage: raw.per_page ?? opts.defaultPerPage ?? DEFAULT_PER_PAGE,
        sort,
        filter,
        search: (raw.search ?? '').trim(),
        // Only on calls that declare params (the others' answer keeps its shape).
        ...(opts.params ? { params: params as z.output<z.ZodObject<PS>> } : ({} as { params: z.output<z.ZodObject<PS>> })),
        rest,
      };
    });
}

/** Offset and limit of a page, and the numbers a paged answer reports. */
export function pageWindow(total: number, page: number, perPage: PerPage) {
  if (perPage === 'all') return { offset: 0, limit: null, current_page: 1, last_page: 1, per_page: 'all' as PerPage, total };
  return {
    offset: (page - 1) * perPage,
    limit: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage as PerPage,
    total,
  };
}

/**
 * The paged answer of a list call: its page of `data` and the numbers of pageWindow. Every paged
 * list answers through this (decision 026), none computes its page by hand.
 */
export function pageOf<T>(data: T[], total: number, q: { page: number; perPage: PerPage }): Paged<T> {
  const w = pageWindow(total, q.page, q.perPage);
  return { data, current_page: w.current_page, last_page: w.last_page, per_page: w.per_page, total: w.total };
}

/**
 * The paged answer of list calls:
 * `{ data, current_page, last_page, per_page, total }`; per_page echoes the request ('all' stays 'all').
 * A page past the end answers an empty `data` with the page asked for.
 */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.union([z.number().int(), z.literal('all')]),
    total: z.number().int(),
  });
}
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: PerPage;
  total: number;
}

/** What the web passes to build a list query. Booleans become 1/0. */
export interface ListParams {
  page?: number;
  per_page?: PerPage;
  sort?: Record<string, SortDir>;
  filter?: Record<string, string | number | boolean | null | undefined>;
  search?: string;
  [extra: string]: unknown;
}

/** Builds the query string of a list call (bracket keys, as the server expects). */
export function listSearchParams(params: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && typeof value === 'object') {
      for (const [f, dir] of Object.entries(value as Record<string, SortDir>)) out.append(`sort[${f}]`, dir);
    } else if (key === 'filter' && typeof value === 'object') {
      for (const [f, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || v === null || v === '') continue;
        out.append(`filter[${f}]`, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
    } else out.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return out;
}
