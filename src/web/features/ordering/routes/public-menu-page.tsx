import { useDeferredValue } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { stockFromBalance } from '../../../../shared/ordering/stock';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDemoDishlist } from '../api';
import { DishCard } from '../components/dish-card';
import { MenuCategories } from '../components/menu-categories';
import { visibleCategories } from '../model/menu';
import '../../../styles/ordering.css';

const NO_STOCK = stockFromBalance([]);

/** /public/menu: today's demo menu, for everyone, display only (spec 2). */
export function Component() {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const signedIn = useSession((s) => Boolean(s.token));
  useDocumentTitle(t('publicMenu.title'));
  const demo = useDemoDishlist();
  // Rendered from a deferred copy: the menu's first render is a transition React slices, not one
  // long task (decision 095); the spinner stays until it is done.
  const dishlist = useDeferredValue(demo.data?.dishlist ?? null);
  const waiting = demo.isPending || (dishlist === null && Boolean(demo.data?.dishlist));

  return (
    <section className="page public-menu">
      <header className="order-header card">
        <div className="order-header__top">
          <h1 className="page__title order-header__title">{t('publicMenu.title')}</h1>
          <Link className="btn btn--primary btn--sm" to={signedIn ? '/order' : '/login'}>
            {signedIn ? t('publicMenu.order') : t('publicMenu.login')}
          </Link>
        </div>
        {dishlist && (
          <p className="order-header__deadline">
            {dishlist.title.includes(formatDate(dishlist.from, lang, dishlist.timezone))
              ? dishlist.title
              : `${dishlist.title} · ${formatDate(dishlist.from, lang, dishlist.timezone)}`}
          </p>
        )}
      </header>
      {waiting ? (
        <Spinner block size="lg" />
      ) : demo.isError ? (
        <Notice tone="error">
          {t('errors.loadFailed')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void demo.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : !dishlist ? (
        <div className="card order-empty">
          <p>{t('menu.none')}</p>
        </div>
      ) : (
        <MenuCategories
          categories={visibleCategories(dishlist.categories, NO_STOCK)}
          renderDish={(dish) => <DishCard dish={dish} stock={NO_STOCK} cart={[]} displayOnly />}
        />
      )}
    </section>
  );
}
