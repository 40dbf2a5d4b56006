import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';

interface ComingSoonProps {
  title: string;
}

/** Placeholder page for a route whose feature is not built yet. */
export function ComingSoon({ title }: ComingSoonProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <section className="page coming-soon">
      <h1 className="page__title">{title}</h1>
      <div className="card coming-soon__card">
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" className="coming-soon__icon">
          <circle cx="32" cy="36" r="20" fill="var(--color-primary-soft)" />
          <path d="M14 36a18 18 0 0 0 36 0z" fill="var(--color-primary)" />
          <path d="M24 10c0 4 4 4 4 8M34 8c0 4 4 4 4 8" fill="none" stroke="var(--color-accent)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p className="coming-soon__text">{t('comingSoon')}</p>
      </div>
    </section>
  );
}
