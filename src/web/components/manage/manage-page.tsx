import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { LoadErrorNotice } from '../ui/form-error-notice';
import { Notice } from '../ui/notice';
import '../../styles/manage.css';
import { ProviderBadge } from './provider-badge';

/** What the last action on the page did ("Dish “Soup” saved."), shown above the table. */
export interface PageNotice {
  tone: 'success' | 'error';
  text: string;
}

/** The page's notice and how to set it: `notice.success(text)`, `notice.error(text)`. */
export function usePageNotice() {
  const [current, setCurrent] = useState<PageNotice | null>(null);
  return {
    current,
    success: (text: string) => setCurrent({ tone: 'success', text }),
    error: (text: string) => setCurrent({ tone: 'error', text }),
  };
}

export interface ManagePageProps {
  /** The page heading (h1). */
  title: ReactNode;
  /** Buttons or links beside the heading ("New dish"); give nothing to users who may not change the list. */
  actions?: ReactNode;
  /** Search box and filters above the table. */
  tools?: ReactNode;
  notice?: PageNotice | null;
  /** The list's load failure (`list.isError ? list.error : null`). */
  loadError?: unknown;
  /** Replaces "The list could not be loaded". */
  loadErrorText?: string;
  /** The table, then editors and dialogs. */
  children: ReactNode;
  /** The list belongs to the active provider (catalogue, menus): the page names it. */
  providerScoped?: boolean;
}

/**
 * Frame of a management list page (categories, dishes, locations, providers, menus): heading with
 * its actions, tools, the last action's notice, a load failure, then the table.
 */
export function ManagePage({ title, actions, tools, notice, loadError, loadErrorText, children, providerScoped }: ManagePageProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{title}</h1>
        {actions}
      </header>
      {providerScoped && <ProviderBadge />}
      {tools && <div className="mgmt__tools">{tools}</div>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <LoadErrorNotice error={loadError} fallback={loadErrorText ?? t('manage.loadFailed')} />
      {children}
    </section>
  );
}
