import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKitchen, type KitchenResult } from '../api';
import { formatClock, groupTotal, isEmpty, parseMenuId } from '../display';
import { useFullscreen } from '../use-fullscreen';
import '../../../styles/kitchen.css';
import { StatusPage } from '../../../components/ui/status-page';
import { AllergenAlerts } from '../components/allergen-alerts';

/** /kds/{menuId}: what the kitchen must cook, refreshed every 10 s, with a fullscreen toggle (spec 2, 3, 4). */
export function Component() {
  const { t, i18n } = useTranslation('kitchen');
  const { menuId: rawId } = useParams();
  const menuId = parseMenuId(rawId);
  const kitchen = useKitchen(menuId);
  const data = kitchen.data;
  const menu = data?.dishlist;
  useDocumentTitle(menu ? `${t('title')}: ${menu.title}` : t('title'));
  const display = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(display);
  const change = useTotalChange(data);

  if (menuId === null || (!data && isNotFound(kitchen.error))) return <StatusPage kind="notFound" />;
  let body;
  if (kitchen.isPending) {
    body = <Spinner block />;
  } else if (!data) {
    body = (
      <Notice tone="error">
        {errorMessage(kitchen.error, t('errors.loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void kitchen.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (isEmpty(data)) {
    body = <p className="kds-empty">{t('empty')}</p>;
  } else {
    body = <Board data={data} />;
  }

  return (
    <section ref={display} className={`page kds${fullscreen.active ? ' kds--fullscreen' : ''}`} aria-labelledby="kds-title">
      <header className="kds-head">
        <div className="kds-head__text">
          <h1 className="page__title kds-head__title" id="kds-title">
            {menu ? menu.title : t('title')}
            {menu && !menu.title.includes(formatDate(menu.from, i18n.language, menu.timezone)) && (
              <span className="kds-head__date"> {formatDate(menu.from, i18n.language, menu.timezone)}</span>
            )}
          </h1>
          {data && (
            <p className="kds-head__updated" aria-live="off">
              {t('updatedAt', { time: formatClock(data.updated_at, data.dishlist.timezone) })}
            </p>
          )}
        </div>
        {fullscreen.supported && (
          <Button className="kds-head__toggle" aria-pressed={fullscreen.active} onClick={fullscreen.toggle}>
            {fullscreen.active ? t('exitFullscreen') : t('fullscreen')}
          </Button>
        )}
      </header>
      {data && kitchen.isError && (
        <Notice tone="warning" className="kds-stale">
          {t('errors.stale')}
        </Notice>
      )}
      {data && (
        // Each refresh is not announced, only a change of what there is to cook (politely).
        <Notice tone="info" className="visually-hidden">
          {change && t('changed', change)}
        </Notice>
      )}
      {body}
    </section>
  );
}

/** The total to cook, and what it was, when a refresh changed it; null until then. */
function useTotalChange(data: KitchenResult | undefined) {
  const total = data ? data.dishes.reduce((sum, g) => sum + groupTotal(g), 0) : null;
  const [shown, setShown] = useState<{ count: number; before: number } | null>(null);
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (total === null) return;
    if (previous.current !== null && previous.current !== total) setShown({ count: total, before: previous.current });
    previous.current = total;
  }, [total]);
  return shown;
}

/** The set meals and one tile per category with big quantities. */
function Board({ data }: { data: KitchenResult }) {
  const { t } = useTranslation('kitchen');
  return (
    <div className="kds-board">
      <AllergenAlerts alerts={data.allergen_alerts} />
      {data.initials.length > 0 && (
        <section className="kds-tile kds-tile--sets" aria-labelledby="kds-sets">
          <h2 className="kds-tile__title" id="kds-sets">
            {t('initials')}
          </h2>
          <ul className="kds-list">
            {data.initials.map((d) => (
              <li key={d.id} className="kds-row">
                <span className="kds-row__title">{d.title}</span>
                <span className="kds-row__qty">{d.qty}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.dishes
        .filter((g) => g.data.length > 0)
        .map((g) => (
          <section key={g.key} className="kds-tile" aria-labelledby={`kds-cat-${g.key}`}>
            <h2 className="kds-tile__title" id={`kds-cat-${g.key}`}>
              <span>{g.title}</span>
              <span className="kds-tile__total">
                <span aria-hidden="true">Σ {groupTotal(g)}</span>
                <span className="visually-hidden">{t('total', { count: groupTotal(g) })}</span>
              </span>
            </h2>
            <ul className="kds-list">
              {g.data.map((d) => (
                <li key={d.id} className="kds-row">
                  <span className="kds-row__title">{d.title}</span>
                  <span className="kds-row__qty">{d.qty}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
