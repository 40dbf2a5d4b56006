import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { MenuFormView } from '../components/menu-form-view';
import { emptyMenuValues } from '../menu-form';
import { ProviderBadge } from '../../../components/manage/provider-badge';

/** /menu/new: a new, unpublished menu. */
export function Component() {
  const { t } = useTranslation('menus');
  useDocumentTitle(t('form.newTitle'));
  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('form.newTitle')}</h1>
      </header>
      <ProviderBadge />
      <MenuFormView initial={emptyMenuValues()} menuId={null} />
    </section>
  );
}
