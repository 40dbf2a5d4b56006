import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ManagePage } from '../../../components/manage/manage-page';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { StatusPage } from '../../../components/ui/status-page';
import { isNotFound } from '../../../lib/api';
import { Table, type Column } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDishComments, useDishReport, type DishRatingReport, type RatingPeriod } from '../api';
import { CommentCard } from '../components/comment-card';
import { Distribution } from '../components/distribution';
import { PeriodSelect, periodOf } from '../components/period-select';
import { Stars } from '../components/stars';
import '../rating-reports.css';

type Day = DishRatingReport['days'][number];

/**
 * /ratings/dishes/:id (staff; decision 080): one dish's average, count, distribution, tags, its
 * average per menu day, and the comments newest first, each with the kitchen's answer box.
 */
export function Component() {
  const { t, i18n } = useTranslation(['rating-reports', 'ratings']);
  const lang = i18n.language;
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const [page, setPage] = useState(1);
  const report = useDishReport(id, period);
  const comments = useDishComments(id, period, page);
  const r = report.data;
  useDocumentTitle(r ? t('dishTitle', { dish: r.title }) : t('title'));
  const setPeriod = (p: RatingPeriod) => {
    setPage(1);
    setParams({ period: p }, { replace: true });
  };
  // Another provider's dish or an unknown one (the API answers 404).
  if (isNotFound(report.error)) return <StatusPage kind="notFound" />;
  const dayColumns: Column<Day>[] = [
    { key: 'day', header: t('day'), cell: (d) => formatDate(d.day, lang) },
    { key: 'average', header: t('average'), align: 'end', cell: (d) => <Stars average={d.average} /> },
    { key: 'count', header: t('count'), align: 'end', cell: (d) => d.count },
  ];
  return (
    <ManagePage
      title={r ? t('dishTitle', { dish: r.title }) : t('title')}
      actions={<Link to={`/ratings?period=${period}`}>{t('back')}</Link>}
      tools={<PeriodSelect value={period} onChange={setPeriod} />}
      loadError={report.isError ? report.error : comments.isError ? comments.error : null}
    >
      {report.isPending && <Spinner block />}
      {r && (
        <div className="ratings__grid">
          <section className="ratings__card" aria-labelledby="ratings-summary">
            <h2 id="ratings-summary" className="ratings__card-title">
              {t('summary')}
            </h2>
            <p className="ratings__big">
              {r.count > 0 ? <Stars average={r.average} /> : '—'} <span className="muted">{t('ratingsN', { count: r.count })}</span>
            </p>
            <Distribution report={r} />
            {r.tags.length > 0 && (
              <>
                <h3 className="ratings__sub">{t('tagsTitle')}</h3>
                <ul className="ratings__tags">
                  {r.tags.map((tag) => (
                    <li key={tag.tag} className="ratings__tag">
                      {t(`ratings:tags.${tag.tag}`, { defaultValue: tag.tag })} <span className="muted">{tag.count}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="ratings__card" aria-labelledby="ratings-days">
            <h2 id="ratings-days" className="ratings__card-title">
              {t('perDay')}
            </h2>
            <Table columns={dayColumns} rows={r.days} rowKey={(d) => d.menu_id} emptyText={t('emptyDish')} perPage={10} />
          </section>
        </div>
      )}
      <section aria-labelledby="ratings-comments">
        <h2 id="ratings-comments" className="ratings__card-title">
          {t('comments')}
        </h2>
        {comments.data && comments.data.data.length === 0 && <p className="muted">{t('noComments')}</p>}
        <ul className="ratings__comments">
          {comments.data?.data.map((c) => (
            <CommentCard key={c.id} c={c} />
          ))}
        </ul>
        {comments.data && comments.data.last_page > 1 && (
          <Pagination page={page} lastPage={comments.data.last_page} onPage={setPage} label={t('commentPages')} />
        )}
      </section>
    </ManagePage>
  );
}
