import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { initialSelection, toggleOption, type ComplexSelection } from '../../../../shared/ordering/complex';
import { showsLeftTag, type StockMap } from '../../../../shared/ordering/stock';
import type { Cart, NewCartItem } from '../../../../shared/ordering/cart';
import type { MenuDish } from '../../../../shared/schemas/ordering';
import { formatCents, formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { canAddComplex, complexItem, complexPriceCents, remaining, simpleItem, stockOf } from '../model/menu';
import { hasConflict, type DietProfile } from '../../../../shared/dietary';
import { dishConflict, dishSuits, selectionConflict, setMealConflict } from '../model/dietary';
import { DietaryLabels, type Eater } from './allergen-labels';
import { useConflictConfirm } from './conflict-confirm';
import { DishImage } from './dish-image';
import { FavouriteToggle } from './favourite-toggle';

export interface DishCardProps {
  dish: MenuDish;
  stock: StockMap;
  /** The cart, to count what is already taken; empty in display-only views. */
  cart: Cart;
  /** After the deadline, and on the public menu: nothing can be added. */
  displayOnly: boolean;
  onAdd?(item: NewCartItem): void;
  /** The user's favourite mark (the heart); absent where there is no signed-in user. */
  favourite?: { on: boolean; onToggle(): void };
  /** The eater's profile and the menu's allergen titles (warnings; decision 034). */
  dietary?: DishDietary;
}

export interface DishDietary {
  profile: DietProfile | null;
  eater: Eater;
  titles: ReadonlyMap<number, string>;
}

const NO_DIETARY: DishDietary = { profile: null, eater: { self: true }, titles: new Map() };

function LeftTag({ qty }: { qty: number | null }) {
  const { t } = useTranslation('ordering');
  if (!showsLeftTag(qty)) return null;
  return <span className="ord-tag ord-tag--warning">{t('dish.left', { count: qty })}</span>;
}

/** A dish on the menu: plain dishes are added with one click, complexes open their option groups. */
export function DishCard(props: DishCardProps) {
  return props.dish.type === 'simple' ? <SimpleDish {...props} /> : <ComplexDish {...props} />;
}

function SimpleDish({ dish, stock, cart, displayOnly, onAdd, favourite, dietary = NO_DIETARY }: DishCardProps) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const canAdd = !displayOnly && remaining(cart, stock, dish.id) >= 1;
  const conflict = dishConflict(dietary.profile, dish);
  const [confirm, ask] = useConflictConfirm(dietary);
  const add = () => {
    if (canAdd) ask(dish.title, conflict, () => onAdd?.(simpleItem(dish)));
  };
  return (
    <article
      className={`ord-dish ${displayOnly ? '' : 'ord-dish--clickable'} ${hasConflict(conflict) ? 'has-conflict' : ''}`}
      onClick={displayOnly ? undefined : add}
    >
      <DishImage dish={dish} />
      <div className="ord-dish__body">
        <h3 className="ord-dish__title">{dish.title}</h3>
        {dish.summary && <p className="ord-dish__summary">{dish.summary}</p>}
        <DishFacts kcal={dish.kcal} ingredients={dish.ingredients} />
        <DietaryLabels
          allergens={dish.allergens}
          diets={dish.diets}
          conflict={conflict}
          eater={dietary.eater}
          titles={dietary.titles}
          confirmed={!dish.allergens_unknown}
        />
      </div>
      {confirm}
      <div className="ord-dish__aside">
        {favourite && <FavouriteToggle title={dish.title} on={favourite.on} onToggle={favourite.onToggle} />}
        <span className="ord-dish__price">{formatEuros(dish.price, lang)}</span>
        <LeftTag qty={stockOf(stock, dish)} />
        {!displayOnly && (
          <button
            type="button"
            className="btn btn--primary btn--sm ord-dish__add"
            disabled={!canAdd}
            aria-label={t('dish.addNamed', { title: dish.title })}
            onClick={(e) => {
              e.stopPropagation();
              add();
            }}
          >
            <span aria-hidden="true">+</span> {t('dish.add')}
          </button>
        )}
      </div>
    </article>
  );
}

function ComplexDish({ dish, stock, cart, displayOnly, onAdd, favourite, dietary = NO_DIETARY }: DishCardProps) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<ComplexSelection>(() => initialSelection(dish.complex));
  const id = useId();
  const canAdd = !displayOnly && canAddComplex(cart, stock, dish, selected);
  const [confirm, ask] = useConflictConfirm(dietary);
  const suits = dishSuits(dietary.profile, dish);

  const add = () => {
    if (!canAdd) return;
    ask(dish.title, selectionConflict(dietary.profile, dish, selected), () => {
      onAdd?.(complexItem(dish, selected));
      // Spec 4: selections reset, except mandatory groups with a single option.
      setSelected(initialSelection(dish.complex));
    });
  };

  return (
    <article className={`ord-dish ord-dish--complex ${expanded ? 'is-expanded' : ''}`}>
      <div className="ord-dish__row" onClick={() => setExpanded((e) => !e)}>
        <DishImage dish={dish} />
        <div className="ord-dish__body">
          <h3 className="ord-dish__title">
            <button
              type="button"
              className="ord-dish__expand"
              aria-expanded={expanded}
              aria-controls={`${id}-groups`}
              onClick={(e) => {
                e.stopPropagation();
                setExpanded((x) => !x);
              }}
            >
              {dish.title}
              <svg className="ord-dish__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </h3>
          {dish.summary && <p className="ord-dish__summary">{dish.summary}</p>}
          <DietaryLabels
            allergens={dish.allergens}
            diets={dish.diets}
            conflict={setMealConflict(dietary.profile, dish)}
            eater={dietary.eater}
            titles={dietary.titles}
          />
          {!suits && <p className="dietary__warning">{t('dietary.setMealNoChoice')}</p>}
        </div>
        <div className="ord-dish__aside">
          {favourite && <FavouriteToggle title={dish.title} on={favourite.on} onToggle={favourite.onToggle} />}
          <span className="ord-dish__price">{t('dish.priceFrom', { price: formatEuros(dish.priceFrom, lang) })}</span>
          <LeftTag qty={stockOf(stock, dish)} />
        </div>
      </div>
      <div id={`${id}-groups`} className="ord-dish__groups" hidden={!expanded}>
        {dish.complex.map((group) => (
          <fieldset key={group.id} className="ord-group">
            <legend className="ord-group__title">
              {group.title}
              <span className="ord-group__hint">{group.optional ? t('dish.optional') : t('dish.chooseOne')}</span>
            </legend>
            {group.dishes.map((option) => {
              const chosen = (selected[group.id] ?? []).includes(option.id);
              const soldOut = remaining(cart, stock, option.id) < 1;
              const optionConflict = dishConflict(dietary.profile, option);
              return (
                <label
                  key={option.id}
                  className={`ord-option ${soldOut ? 'is-disabled' : ''} ${hasConflict(optionConflict) ? 'has-conflict' : ''}`}
                >
                  <input
                    type={group.optional ? 'checkbox' : 'radio'}
                    name={`${id}-g${group.id}`}
                    checked={chosen}
                    disabled={displayOnly || (soldOut && !chosen)}
                    onChange={() => setSelected((s) => toggleOption(dish.complex, s, group.id, option.id))}
                  />
                  <span className="ord-option__title">
                    {option.title}
                    <DietaryLabels
                      allergens={option.allergens}
                      diets={option.diets}
                      conflict={optionConflict}
                      eater={dietary.eater}
                      titles={dietary.titles}
                      confirmed={!option.allergens_unknown}
                    />
                    <DishFacts kcal={option.kcal} ingredients={option.ingredients} />
                  </span>
                  {soldOut && <span className="ord-tag">{t('dish.soldOut')}</span>}
                  <LeftTag qty={soldOut ? null : stockOf(stock, option)} />
                  <span className="ord-option__price">{formatEuros(option.price, lang)}</span>
                </label>
              );
            })}
          </fieldset>
        ))}
        {!displayOnly && (
          <div className="ord-dish__add-row">
            <span className="ord-dish__price">{formatCents(complexPriceCents(dish, selected), lang)}</span>
            <button type="button" className="btn btn--primary" disabled={!canAdd} onClick={add}>
              {t('dish.addToOrder')}
            </button>
          </div>
        )}
        {confirm}
      </div>
    </article>
  );
}

/** Energy and ingredients in writing (issue 15), when the kitchen gave them. */
function DishFacts({ kcal, ingredients }: { kcal: number | null; ingredients: string }) {
  const { t } = useTranslation('ordering');
  if (kcal === null && !ingredients) return null;
  return (
    <p className="ord-dish__facts">
      {kcal !== null && <span>{t('dish.kcal', { value: kcal })}</span>}
      {kcal !== null && ingredients && ' · '}
      {ingredients && (
        <span>
          {t('dish.ingredients')} {ingredients}
        </span>
      )}
    </p>
  );
}
