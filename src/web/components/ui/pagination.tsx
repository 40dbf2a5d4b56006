import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { pageItems } from '../../lib/table-state';

interface PaginationProps {
  page: number;
  lastPage: number;
  /** A pager inside a page (e.g. a picker): buttons that call this instead of links setting ?page=. */
  onPage?: (page: number) => void;
  /** The navigation's accessible name (default: the common "pages" text). */
  label?: string;
}

/**
 * The one pager of the web app, for every paged list answer (`current_page`, `last_page`): page
 * links that set ?page= and keep the other query parameters, or with `onPage` buttons that
 * change a page held in state.
 */
export function Pagination({ page, lastPage, onPage, label }: PaginationProps) {
  const { t } = useTranslation('common');
  const location = useLocation();
  if (lastPage <= 1) return null;

  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete('page');
    else params.set('page', String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };

  if (onPage) {
    const go = (p: number) => () => onPage(Math.min(lastPage, Math.max(1, p)));
    return (
      <nav className="pagination" aria-label={label ?? t('table.pagination')}>
        <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={go(page - 1)}>
          ‹ {t('table.previous')}
        </button>
        <ul className="pagination__pages">
          {pageItems(page, lastPage).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className={`btn btn--sm ${p === page ? 'btn--primary' : 'btn--ghost'}`}
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={t('table.page', { page: p })}
                  onClick={go(p)}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <button type="button" className="btn btn--ghost btn--sm" disabled={page >= lastPage} onClick={go(page + 1)}>
          {t('table.next')} ›
        </button>
      </nav>
    );
  }

  return (
    <nav className="pagination" aria-label={label ?? t('table.pagination')}>
      {page > 1 ? (
        <Link className="btn btn--ghost btn--sm" to={hrefFor(page - 1)} rel="prev">
          ‹ {t('table.previous')}
        </Link>
      ) : (
        <span className="btn btn--ghost btn--sm is-disabled" aria-hidden="true">
          ‹ {t('table.previous')}
        </span>
      )}
      <ul className="pagination__pages">
        {pageItems(page, lastPage).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className={`btn btn--sm ${p === page ? 'btn--primary' : 'btn--ghost'}`}
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('table.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < lastPage ? (
        <Link className="btn btn--ghost btn--sm" to={hrefFor(page + 1)} rel="next">
          {t('table.next')} ›
        </Link>
      ) : (
        <span className="btn btn--ghost btn--sm is-disabled" aria-hidden="true">
          {t('table.next')} ›
        </span>
      )}
    </nav>
  );
}
