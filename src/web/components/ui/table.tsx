import { useEffect, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { pageCount, paginate, sortRows, type SortState, type SortValue } from '../../lib/table-state';
import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { useTableState } from './use-table-state';

export interface Column<T> {
  /** Column id; also the sort field sent to the server (sort[key]=asc). */
  key: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** Value to sort by in client mode; defaults to row[key]. */
  sortValue?(row: T): SortValue;
  align?: 'start' | 'end' | 'center';
  className?: string;
  /**
   * The column's name beside each value when the table is shown as cards (narrower than 600 px);
   * defaults to the header when that is text. Columns with a hidden header (actions) show none.
   */
  label?: string;
}

interface TableBaseProps<T> {
  columns: Column<T>[];
  rowKey(row: T): Key;
  caption?: ReactNode;
  loading?: boolean;
  /** Replaces "There is nothing to display...". */
  emptyText?: ReactNode;
  defaultSort?: SortState | null;
  perPage?: number;
}

/** Client mode: give all rows; the table sorts and pages them itself. */
interface ClientTableProps<T> extends TableBaseProps<T> {
  rows: readonly T[];
  server?: undefined;
}

/**
 * Server mode: give one page of rows and the paging answer; read page/sort for the request with
 * useTableState() (same defaultSort and perPage).
 */
interface ServerTableProps<T> extends TableBaseProps<T> {
  rows: readonly T[];
  server: { lastPage: number };
}

export type TableProps<T> = ClientTableProps<T> | ServerTableProps<T>;

export function Table<T>(props: TableProps<T>) {
  const { columns, rowKey, caption, loading, emptyText, defaultSort = null, perPage } = props;
  const { t, i18n } = useTranslation('common');
  const state = useTableState({ perPage, defaultSort });
  const { sort, page, toggleSort } = state;

  let rows: readonly T[] = props.rows;
  let lastPage: number;
  if (props.server) {
    lastPage = props.server.lastPage;
  } else {
    const column = sort ? columns.find((c) => c.key === sort.field) : undefined;
    if (sort && column) {
      const get = column.sortValue ?? ((row: T) => (row as Record<string, SortValue>)[column.key]);
      rows = sortRows(rows, get, sort.dir, i18n.language);
    }
    lastPage = pageCount(rows.length, state.perPage);
    rows = paginate(rows, Math.min(page, lastPage), state.perPage);
  }

  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  const scrolls = useScrollsSideways(wrap);
  return (
    // A table wider than the screen scrolls sideways: keyboard users reach the scroll with Tab
    // (WCAG 2.1.1, axe scrollable-region-focusable), and only then, so other tables add no stop.
    <div
      ref={setWrap}
      className="table-wrap"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': typeof caption === 'string' ? caption : t('table.scrolls') } : {})}
    >
      {/* Narrower than 600 px (a phone), each row is a card of "label: value" lines (ui.css). */}
      <table className="table table--cards" aria-busy={loading || undefined}>
        {caption && <caption className="table__caption">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => {
              const active = sort?.field === c.key;
              const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : c.sortable ? 'none' : undefined;
              return (
                <th key={c.key} scope="col" aria-sort={ariaSort} className={`align-${c.align ?? 'start'} ${c.className ?? ''}`}>
                  {c.sortable ? (
                    <button type="button" className="table__sort" onClick={() => toggleSort(c.key)}>
                      {c.header}
                      <span className="table__sort-icon" aria-hidden="true">
                        {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>
                <Spinner block />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table__empty">
                {emptyText ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={`align-${c.align ?? 'start'} ${c.className ?? ''}`}
                    data-label={c.label ?? (typeof c.header === 'string' ? c.header : undefined)}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pagination page={page} lastPage={lastPage} />
    </div>
  );
}

/** Whether an element is narrower than its content (it scrolls sideways), kept up to date on resize. */
function useScrollsSideways(el: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [el]);
  return scrolls;
}
