import { useTranslation } from '../../lib/i18n';

interface SpinnerProps {
  /** Text for screen readers; defaults to "Loading…". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Centre in a padded block (page/section loading). */
  block?: boolean;
}

export function Spinner({ label, size = 'md', block = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  const spinner = (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
  return block ? <div className="spinner-block">{spinner}</div> : spinner;
}
