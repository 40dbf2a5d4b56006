import { useId } from 'react';
import type { LabelCheck, LabelLayout } from '../../../shared/schemas/kitchen';
import { useTranslation } from '../../lib/i18n';
import { useApiQuery } from '../../lib/query';
import { Notice } from '../ui/notice';

/** The longest list shown; the rest is counted. */
const SHOWN = 20;

/**
 * The label check before printing (issue 28, decision 070): the menu's dishes whose labels lack
 * what the law asks (ingredients, confirmed allergens, a shelf life) and the portions whose label
 * does not fit one label of the chosen layout (it continues on the next). Read again whenever the
 * print dialog opens or the layout changes; not under the kitchen's ['kitchen', menuId] key, so a
 * rush's order events do not lay out every label again.
 */
export function LabelCheckPanel({ menuId, layout }: { menuId: number; layout: LabelLayout }) {
  const { t } = useTranslation('kitchen');
  const id = useId();
  const check = useApiQuery<LabelCheck>(['label-check', menuId, layout], `/app/kitchen/${menuId}/label-check`, {
    query: { layout },
    staleTime: 0,
    silent: true,
  });
  if (check.isPending) return <p className="muted">{t('labelCheck.loading')}</p>;
  if (check.isError) return <Notice tone="error">{t('labelCheck.failed')}</Notice>;
  const { dishes, overflowing } = check.data;
  if (dishes.length === 0 && overflowing.length === 0) return <Notice tone="success">{t('labelCheck.ok')}</Notice>;
  const more = (n: number) => n > SHOWN && <li>{t('labelCheck.more', { count: n - SHOWN })}</li>;
  return (
    <section className="label-check" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('labelCheck.title')}</h3>
      {dishes.length > 0 && (
        <>
          <p id={`${id}-dishes`}>{t('labelCheck.dishes')}</p>
          <ul aria-labelledby={`${id}-dishes`}>
            {dishes.slice(0, SHOWN).map((d) => (
              <li key={d.id}>
                <strong>{d.title}</strong>: {d.problems.map((p) => t(`labelCheck.problems.${p}`)).join('; ')}
              </li>
            ))}
            {more(dishes.length)}
          </ul>
        </>
      )}
      {overflowing.length > 0 && (
        <>
          <p id={`${id}-overflow`}>{t('labelCheck.overflow')}</p>
          <ul aria-labelledby={`${id}-overflow`}>
            {overflowing.slice(0, SHOWN).map((o) => (
              <li key={`${o.item_id}-${o.unit}`}>
                {t('labelCheck.overflowItem', { order: o.order_id, name: o.name, dish: o.dish, labels: o.labels })}
              </li>
            ))}
            {more(overflowing.length)}
          </ul>
        </>
      )}
    </section>
  );
}
