import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, nextSort, parsePage, parseSort, toListQuery, type SortState } from '../../lib/table-state';

export interface TableStateOptions {
  perPage?: number;
  defaultSort?: SortState | null;
}

/**
 * Page and sort kept in the address (?page=2&sort=title&dir=desc), so they survive reloads and
 * the back button. `listQuery` is ready to pass as API query (page, per_page, sort[field]).
 */
export function useTableState({ perPage = DEFAULT_PAGE_SIZE, defaultSort = null }: TableStateOptions = {}) {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const sortField = params.get('sort');
  const sortDir = params.get('dir');
  const sort = useMemo(() => parseSort(sortField, sortDir, defaultSort), [sortField, sortDir, defaultSort]);

  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next <= 1) p.delete('page');
        else p.set('page', String(next));
        return p;
      }),
    [setParams],
  );

  const toggleSort = useCallback(
    (field: string) =>
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        const s = nextSort(parseSort(p.get('sort'), p.get('dir'), defaultSort), field);
        p.set('sort', s.field);
        p.set('dir', s.dir);
        p.delete('page');
        return p;
      }),
    [setParams, defaultSort],
  );

  return { page, perPage, sort, setPage, toggleSort, listQuery: toListQuery(page, perPage, sort) };
}
