import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { languageName, useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { useLanguages } from './shell-api';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path
        d="M3 12h18M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9c-2.5-2.7-3.7-5.7-3.7-9S9.5 5.7 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
      />
    </svg>
  );
}

/** Header language dropdown. */
export function LanguageMenu() {
  const { t } = useTranslation('shell');
  const languages = useLanguages();
  const lang = useSession((s) => s.lang);
  const setLang = useSession((s) => s.setLang);
  return (
    <DropdownMenu
      className="language-menu"
      label={t('language.current', { name: languageName(lang) })}
      trigger={
        <>
          <GlobeIcon />
          <span className="language-menu__code">{lang.toUpperCase()}</span>
        </>
      }
    >
      {(close) =>
        languages.map(({ code }) => (
          <button
            key={code}
            type="button"
            role="menuitemradio"
            aria-checked={code === lang}
            lang={code}
            className="dropdown__item"
            onClick={() => {
              setLang(code);
              close();
            }}
          >
            <span className="dropdown__check" aria-hidden="true">
              {code === lang ? '✓' : ''}
            </span>
            {languageName(code)}
          </button>
        ))
      }
    </DropdownMenu>
  );
}

/** Language buttons in the side navigation. */
export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const languages = useLanguages();
  const lang = useSession((s) => s.lang);
  const setLang = useSession((s) => s.setLang);
  return (
    <div className="language-switcher" role="group" aria-label={t('language.choose')}>
      {languages.map(({ code }) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-switcher__btn"
          aria-pressed={code === lang}
          title={languageName(code)}
          onClick={() => setLang(code)}
        >
          {/* Named "Latviešu LV": the language, then the visible code (WCAG 2.5.3). */}
          <span className="visually-hidden">{languageName(code)} </span>
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
