import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { useProviderZone } from '../../../lib/provider-zone';
import { useMenu } from '../api';
import { MenuFormView } from '../components/menu-form-view';
import { menuValuesOf } from '../menu-form';
import { StatusPage } from '../../../components/ui/status-page';
import { isNotFound } from '../../../lib/api';
import { ProviderBadge } from '../../../components/manage/provider-badge';

/**
 * /menu/{id}: edit a menu. With ?duplicate=true the menu is loaded into the form and saved as a
 * new one (unpublished, like every new menu), which then gets its own address.
 */
export function Component() {
  const { t } = useTranslation('menus');
  const { menuId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const duplicate = params.get('duplicate') === 'true';
  const id = Number(menuId);
  const valid = Number.isInteger(id) && id > 0;
  const menu = useMenu(valid ? id : null);
  const { zone, ready } = useProviderZone();
  const justSaved = Boolean((location.state as { saved?: boolean } | null)?.saved);
  const heading = duplicate
    ? t('form.duplicateTitle', { title: menu.data?.title ?? '' })
    : t('form.editTitle', { title: menu.data?.title ?? '' });
  useDocumentTitle(menu.data ? heading : t('list.title'));
  if (!valid || (!menu.data && isNotFound(menu.error))) return <StatusPage kind="notFound" />;

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{menu.data ? heading : t('list.title')}</h1>
        {menu.data && !duplicate && (
          <div className="mgmt__head-actions">
            <Link className="btn btn--ghost" to={`/menu/${id}?duplicate=true`}>
              {t('actions.duplicate')}
            </Link>
            <Link className="btn btn--secondary" to={`/menu/${id}/balance`}>
              {t('actions.balance')}
            </Link>
          </div>
        )}
      </header>
      <ProviderBadge />
      {menu.isError ? (
        <Notice tone="error">{errorMessage(menu.error, t('errors.loadFailed'))}</Notice>
      ) : menu.isPending || !ready ? (
        <Spinner block />
      ) : (
        <>
          {duplicate && <Notice tone="info">{t('form.duplicateNote')}</Notice>}
          <MenuFormView
            key={`${id}-${duplicate ? 'copy' : 'edit'}`}
            initial={duplicate ? { ...menuValuesOf(menu.data, zone), status: false } : menuValuesOf(menu.data, zone)}
            menuId={duplicate ? null : id}
            orderedIds={menu.data.ordered_dish_ids}
            categories={menu.data.categories}
            justSaved={justSaved && !duplicate}
          />
        </>
      )}
    </section>
  );
}
