import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../components/ui/notice';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { Spinner } from '../../../components/ui/spinner';
import { formatEuros } from '../../../lib/format';
import { useActiveDishes, useSelectorDishes, type Dish } from '../api';
import { isSelected, type SelectedDraft } from '../menu-form';
import { pickText } from '../../../lib/translated-text';

interface DishSelectorProps {
  selected: SelectedDraft[];
  onToggle(dish: Dish): void;
  /** A whole category on (every active dish of it) or off (those without orders). */
  onSetMany(dishes: Dish[], on: boolean): void;
  /** Dishes with orders on this menu: they cannot be taken off. */
  locked: ReadonlySet<number>;
}

/** A page's dishes (listed in category order) under their categories, in that order. */
function byCategory(rows: Dish[]): { categoryId: number; dishes: Dish[] }[] {
  const groups: { categoryId: number; dishes: Dish[] }[] = [];
  for (const dish of rows) {
    const last = groups[groups.length - 1];
    if (last && last.categoryId === dish.category_id) last.dishes.push(dish);
    else groups.push({ categoryId: dish.category_id, dishes: [dish] });
  }
  return groups;
}

/** Active dishes, 20 a page in category order with search, grouped by category; a checkbox puts a dish on the menu or takes it off. */
export function DishSelector({ selected, onToggle, onSetMany, locked }: DishSelectorProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const dishes = useSelectorDishes(page, search);
  const rows = dishes.data?.data ?? [];
  const lastPage = dishes.data?.last_page ?? 1;

  return (
    <section className="card selector" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('selector.title')}
      </h2>
      <SearchBox
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        label={t('selector.search')}
        placeholder={t('selector.search')}
      />
      <CategoryTools selected={selected} locked={locked} onSetMany={onSetMany} />
      {dishes.isError && <Notice tone="error">{t('errors.loadFailed')}</Notice>}
      {dishes.isPending ? (
        <Spinner block />
      ) : rows.length === 0 ? (
        <p className="muted">{t('selector.empty')}</p>
      ) : (
        <div aria-busy={dishes.isFetching || undefined}>
          {byCategory(rows).map((group) => {
            const groupId = `${headingId}-category-${group.categoryId}`;
            return (
              <div key={group.categoryId} role="group" aria-labelledby={groupId} className="selector__group">
                <h3 id={groupId} className="selector__group-title">
                  {pickText(group.dishes[0]?.category?.title, lang) || `#${group.categoryId}`}
                </h3>
                <ul className="selector__list">
                  {group.dishes.map((dish) => {
                    const on = isSelected(selected, dish.id);
                    const isLocked = on && locked.has(dish.id);
                    const id = `${headingId}-dish-${dish.id}`;
                    const complex = dish.type !== 'simple';
                    return (
                      <li key={dish.id} className={`pick-row ${on ? 'is-selected' : ''}`}>
                        <div className="pick-row__main">
                          <div className="pick-row__label">
                            <input
                              id={id}
                              type="checkbox"
                              className="checkbox"
                              checked={on}
                              disabled={isLocked}
                              onChange={() => onToggle(dish)}
                            />
                            <label htmlFor={id}>
                              {pickText(dish.title, lang)}
                              {complex && <span className="badge badge--info">{t('selector.complex')}</span>}
                              {dish.code && <span className="muted pick-row__meta"> · {dish.code}</span>}
                            </label>
                          </div>
                          <span className="pick-row__meta muted">
                            {complex
                              ? t('selector.priceFrom', { price: formatEuros(dish.priceFrom, lang) })
                              : formatEuros(dish.price, lang)}
                          </span>
                        </div>
                        {isLocked && <p className="locked-note muted">{t('selected.hasOrders')}</p>}
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      <Pagination page={page} lastPage={lastPage} onPage={setPage} label={t('selector.pages')} />
    </section>
  );
}

/** Puts every active dish of a chosen category on the menu, or takes them off (issue 13). */
function CategoryTools({ selected, locked, onSetMany }: Pick<DishSelectorProps, 'selected' | 'locked' | 'onSetMany'>) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const id = useId();
  const active = useActiveDishes();
  const [categoryId, setCategoryId] = useState('');
  const all = active.data?.data ?? [];
  const categories = [...new Map(all.map((d) => [d.category_id, pickText(d.category?.title, lang) || `#${d.category_id}`])).entries()];
  if (categories.length === 0) return null;
  const chosen = all.filter((d) => String(d.category_id) === categoryId);
  const onCount = chosen.filter((d) => isSelected(selected, d.id)).length;
  const removable = chosen.filter((d) => isSelected(selected, d.id) && !locked.has(d.id)).length;
  return (
    <div className="selector__category">
      <label className="field__label" htmlFor={`${id}-category`}>
        {t('selector.wholeCategory')}
      </label>
      <div className="selector__category-row">
        <select id={`${id}-category`} className="input" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="">{t('selector.chooseCategory')}</option>
          {categories.map(([cid, title]) => (
            <option key={cid} value={String(cid)}>
              {title}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--sm btn--secondary"
          disabled={chosen.length === 0 || onCount === chosen.length}
          onClick={() => onSetMany(chosen, true)}
        >
          {t('selector.addAll', { count: chosen.length - onCount })}
        </button>
        <button type="button" className="btn btn--sm btn--ghost" disabled={removable === 0} onClick={() => onSetMany(chosen, false)}>
          {t('selector.removeAll', { count: removable })}
        </button>
      </div>
    </div>
  );
}
