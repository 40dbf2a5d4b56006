import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatHourMinute } from '../display';
import { useLeftoverChange, useLeftovers, type LeftoversResult } from '../api';

type Dish = LeftoversResult['dishes'][number];

/**
 * The "Left over" view of the kitchen display (issue 27, decision 064): after the deadline, one
 * row per dish with − and + (each tap counted by the server, so two screens tapping at once both
 * count) and the number itself, which may be typed (Enter or leaving the field saves it). Other
 * screens follow through the event stream, as the rest of the display does.
 */
export function LeftoversPanel({ menuId, live, timezone }: { menuId: number; live: boolean; timezone: string }) {
  const { t } = useTranslation('kitchen');
  const list = useLeftovers(menuId, live, true);
  const change = useLeftoverChange(menuId);
  const [said, setSaid] = useState('');
  // A screen left open across the deadline opens the view when it passes (no event tells it).
  const { data: current, refetch } = list;
  useEffect(() => {
    if (!current || current.open) return;
    const wait = Math.min(Math.max(0, Date.parse(current.deadline) - Date.now()) + 1_000, 2 ** 31 - 1);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [current, refetch]);
  if (list.isPending) return <Spinner block />;
  if (!list.data)
    return (
      <Notice tone="error">
        {errorMessage(list.error, t('errors.loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  const data = list.data;
  const save = (dish: Dish, next: { by: 1 | -1 } | { portions: number }) =>
    change
      .mutateAsync({ dishId: dish.dish_id, ...next })
      .then((result) => {
        const now = result?.dishes.find((d) => d.dish_id === dish.dish_id);
        setSaid(t('leftovers.saved', { dish: dish.title, count: now?.portions ?? 0 }));
      })
      .catch(() => undefined);
  return (
    <section className="kds-leftovers" aria-labelledby="kds-leftovers-title">
      <h2 className="kds-leftovers__title" id="kds-leftovers-title">
        {t('leftovers.title')}
      </h2>
      {!data.open ? (
        <p className="kds-empty">{t('leftovers.notYet', { time: formatHourMinute(data.deadline, timezone) })}</p>
      ) : data.dishes.length === 0 ? (
        <p className="kds-empty">{t('leftovers.none')}</p>
      ) : (
        <>
          <p className="kds-leftovers__intro">{t('leftovers.intro')}</p>
          {change.error && <Notice tone="error">{errorMessage(change.error, t('leftovers.failed'))}</Notice>}
          <ul className="kds-leftovers__list">
            {data.dishes.map((d) => (
              <LeftoverRow key={d.dish_id} dish={d} max={data.max} onSave={(next) => void save(d, next)} />
            ))}
          </ul>
        </>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}

function LeftoverRow({ dish, max, onSave }: { dish: Dish; max: number; onSave(next: { by: 1 | -1 } | { portions: number }): void }) {
  const { t } = useTranslation('kitchen');
  // What is being typed; null: the recorded number is shown.
  const [draft, setDraft] = useState<string | null>(null);
  const count = dish.portions ?? 0;
  const typed = draft === null ? null : draft.trim() === '' ? NaN : Number(draft);
  const invalid = typed !== null && !(Number.isInteger(typed) && typed >= 0 && typed <= max);
  const inputId = `kds-leftover-${dish.dish_id}`;
  const commit = () => {
    if (draft === null || invalid) return;
    if (typed !== dish.portions) onSave({ portions: typed! });
    setDraft(null);
  };
  return (
    <li className="kds-leftover">
      <label className="kds-leftover__dish" htmlFor={inputId}>
        <span className="kds-leftover__title">{dish.title}</span>
        <span className="kds-leftover__meta">
          {t('leftovers.ordered', { count: dish.ordered })}
          {dish.portions === null && <> · {t('leftovers.notRecorded')}</>}
        </span>
      </label>
      <div className="kds-leftover__controls">
        <Button
          className="kds-leftover__step"
          variant="secondary"
          disabled={count === 0 && dish.portions !== null}
          onClick={() => onSave({ by: -1 })}
        >
          <span aria-hidden="true">−</span>
          <span className="visually-hidden">{t('leftovers.less', { dish: dish.title })}</span>
        </Button>
        <input
          id={inputId}
          className="kds-leftover__count"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={draft ?? (dish.portions === null ? '' : String(dish.portions))}
          placeholder="0"
          aria-label={t('leftovers.count', { dish: dish.title })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') setDraft(null);
          }}
        />
        <Button className="kds-leftover__step" variant="secondary" onClick={() => onSave({ by: 1 })}>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{t('leftovers.more', { dish: dish.title })}</span>
        </Button>
      </div>
      {invalid && (
        <p className="kds-leftover__error" id={`${inputId}-error`}>
          {t('leftovers.invalid', { max })}
        </p>
      )}
    </li>
  );
}
