import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /accessibility: the public accessibility statement (standard, known limitations, how to report). */
export function Component() {
  const { t } = useTranslation('content');
  useDocumentTitle(t('accessibility.title'));
  return (
    <article className="page page--narrow">
      <h1 className="page__title">{t('accessibility.title')}</h1>
      <div className="card prose">
        <p>{t('accessibility.intro')}</p>
        <h2>{t('accessibility.standardTitle')}</h2>
        <p>{t('accessibility.standard')}</p>
        <h2>{t('accessibility.statusTitle')}</h2>
        <p>{t('accessibility.status')}</p>
        <h2>{t('accessibility.knownTitle')}</h2>
        <ul>
          <li>{t('accessibility.knownPdf')}</li>
          <li>{t('accessibility.knownPayment')}</li>
          <li>{t('accessibility.knownContent')}</li>
        </ul>
        <h2>{t('accessibility.reportTitle')}</h2>
        <p>{t('accessibility.report')}</p>
        <p>{t('accessibility.updated')}</p>
      </div>
    </article>
  );
}
