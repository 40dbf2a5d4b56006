import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

export type TextLang = 'lv' | 'en' | 'ru';
const LANGS: TextLang[] = ['lv', 'en', 'ru'];

/** Tabs per text language (WAI-ARIA tabs: arrow keys move between them); a tab with an error is marked. */
export function LangTabs({
  value,
  onChange,
  marked,
  children,
}: {
  value: TextLang;
  onChange(lang: TextLang): void;
  marked(lang: TextLang): boolean;
  children(lang: TextLang): ReactNode;
}) {
  const { t } = useTranslation('announcements');
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = LANGS[(LANGS.indexOf(value) + step + LANGS.length) % LANGS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="lang-tabs">
      <div role="tablist" aria-label={t('langsLabel')} className="lang-tabs__list" onKeyDown={onKey}>
        {LANGS.map((l) => (
          <button
            key={l}
            ref={(el) => {
              refs.current[l] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${l}-tab`}
            aria-selected={value === l}
            aria-controls={`${base}-${l}-panel`}
            tabIndex={value === l ? 0 : -1}
            className={`lang-tabs__tab${value === l ? ' lang-tabs__tab--on' : ''}`}
            onClick={() => onChange(l)}
          >
            {t(`langs.${l}`)}
            {l === 'lv' && <span className="muted"> ({t('required')})</span>}
            {marked(l) && <span aria-hidden="true"> ⚠</span>}
          </button>
        ))}
      </div>
      {LANGS.map((l) => (
        <div
          key={l}
          role="tabpanel"
          id={`${base}-${l}-panel`}
          aria-labelledby={`${base}-${l}-tab`}
          hidden={value !== l}
          className="lang-tabs__panel"
        >
          {children(l)}
        </div>
      ))}
    </div>
  );
}
