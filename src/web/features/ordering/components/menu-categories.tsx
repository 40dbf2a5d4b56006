import { Fragment, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { MenuCategory, MenuDish } from '../../../../shared/schemas/ordering';
import { useUi } from '../../../lib/ui-store';
import { isCategoryOpen, noToggles, toggleCategory, type CategoryToggles } from '../model/menu';

interface MenuCategoriesProps {
  categories: readonly MenuCategory[];
  renderDish(dish: MenuDish): ReactNode;
}

/**
 * The menu as collapsible categories (spec 2): an expand/collapse-all switch whose setting is
 * remembered (ui-store), and each category opens or closes on its own. A closed category's
 * dishes are rendered only once it has been opened (decision 095): the heading, its count and
 * `aria-expanded` are the same, but a long menu shown one category at a time no longer styles
 * and lays out every hidden dish on the first load. Once opened, a category stays rendered, so
 * closing and reopening it keeps its dishes' state (an expanded option list).
 */
export function MenuCategories({ categories, renderDish }: MenuCategoriesProps) {
  const { t } = useTranslation('ordering');
  const mode = useUi((s) => s.menuExpandMode);
  const setMode = useUi((s) => s.setMenuExpandMode);
  const [toggles, setToggles] = useState<CategoryToggles>(noToggles);
  const allOpen = mode === 'all' && toggles.collapsed.length === 0;
  const baseId = useId();
  // The categories open at first (every one when the menu is expanded 'all') are in from the
  // start, so the first render is not done twice.
  const [opened, setOpened] = useState<ReadonlySet<number>>(
    () => new Set(categories.filter((c) => isCategoryOpen(mode, noToggles, c.id)).map((c) => c.id)),
  );
  const newlyOpen = categories.filter((c) => !opened.has(c.id) && isCategoryOpen(mode, toggles, c.id));
  // Remembered during the render (React's pattern for state derived from a change), so a
  // category's dishes appear in the same render that opens it.
  if (newlyOpen.length > 0) setOpened(new Set([...opened, ...newlyOpen.map((c) => c.id)]));

  return (
    <div className="ord-menu">
      <div className="ord-menu__toolbar">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setMode(allOpen ? 'one' : 'all');
            setToggles(noToggles);
          }}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path
              d={allOpen ? 'M4 10l4-4 4 4' : 'M4 6l4 4 4-4'}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {allOpen ? t('menu.collapseAll') : t('menu.expandAll')}
        </button>
      </div>
      {categories.map((category) => {
        const open = isCategoryOpen(mode, toggles, category.id);
        const panelId = `${baseId}-c${category.id}`;
        return (
          <section key={category.id} className={`ord-menu-category ${open ? 'is-open' : ''}`} aria-labelledby={`${panelId}-h`}>
            <h2 className="ord-menu-category__heading" id={`${panelId}-h`}>
              <button
                type="button"
                className="ord-menu-category__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setToggles((current) => toggleCategory(mode, current, category.id))}
              >
                <span className="ord-menu-category__title">{category.title}</span>
                <span className="ord-menu-category__count" aria-hidden="true">
                  {category.dishes.length}
                </span>
                <svg className="ord-menu-category__chevron" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
                  <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            </h2>
            <div id={panelId} className="ord-menu-category__dishes" hidden={!open}>
              {open || opened.has(category.id)
                ? category.dishes.map((dish) => <Fragment key={dish.id}>{renderDish(dish)}</Fragment>)
                : null}
            </div>
          </section>
        );
      })}
    </div>
  );
}
