import { useTranslation } from '../../lib/i18n';

interface ErrorScreenProps {
  /** render: "Something went wrong..."; router: "Unexpected Application Error!" */
  kind: 'render' | 'router';
  detail?: string;
}

export function ErrorScreen({ kind, detail }: ErrorScreenProps) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="error-screen" role="alert">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" className="error-screen__icon">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.4" fill="currentColor" />
      </svg>
      <h1 className="error-screen__title">{kind === 'render' ? t('errors.somethingWrong') : t('errors.unexpected')}</h1>
      {detail && <pre className="error-screen__detail">{detail}</pre>}
      <p>
        {/* A full load: whatever broke gets a clean start. */}
        <a className="btn btn--primary" href="/">
          {t('errors.goHome')}
        </a>
      </p>
    </div>
  );
}
