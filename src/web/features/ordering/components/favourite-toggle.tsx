import { useTranslation } from '../../../lib/i18n';

interface FavouriteToggleProps {
  title: string;
  on: boolean;
  onToggle(): void;
}

/** The heart on a dish card: a toggle button (aria-pressed) named after the dish. */
export function FavouriteToggle({ title, on, onToggle }: FavouriteToggleProps) {
  const { t } = useTranslation('ordering');
  return (
    <button
      type="button"
      className={`ord-fav ${on ? 'is-on' : ''}`}
      aria-pressed={on}
      aria-label={t('favourites.toggle', { title })}
      onClick={(e) => {
        // The card of a plain dish adds it on click; the heart must not.
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
