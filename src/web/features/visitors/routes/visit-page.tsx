import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDeadline, formatWeekdayDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVisit, visitorsApi, type Visit } from '../api';
import { DishChoice, SetMealChoices } from '../components/dish-choice';
import '../visitors.css';

/** /visit/:token: a visitor without an account picks their own lunch from one menu, once (decision 077). */
export function Component() {
  const { t } = useTranslation('visitors');
  const { token = '' } = useParams();
  const visit = useVisit(token);
  useDocumentTitle(t('visit.title'));

  if (visit.isPending) return <Spinner block size="lg" />;
  if (!visit.data) {
    const gone = isApiError(visit.error) && (visit.error.status === 404 || visit.error.status === 410);
    return (
      <section className="card visit-card" aria-labelledby="visit-title">
        <h1 id="visit-title" className="visit-card__title">
          {gone ? t('visit.goneTitle') : t('visit.title')}
        </h1>
        <Notice tone={gone ? 'info' : 'error'}>{errorMessage(visit.error, t('visit.loadFailed'))}</Notice>
        {gone && <p>{t('visit.goneHint')}</p>}
      </section>
    );
  }
  return <VisitForm token={token} visit={visit.data} />;
}

function VisitForm({ token, visit }: { token: string; visit: Visit }) {
  const { t, i18n } = useTranslation('visitors');
  const lang = i18n.language;
  const [dishId, setDishId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Record<number, number | null>>({});
  const [missing, setMissing] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const dish = visit.categories.flatMap((c) => c.dishes).find((d) => d.id === dishId) ?? null;

  const pick = useMutation({
    mutationFn: () => {
      const complex = dish!.complex.flatMap((g) => (chosen[g.id] ? [{ group_id: g.id, dish_id: chosen[g.id]! }] : []));
      return visitorsApi.pick(token, { items: [{ id: dish!.id, qty: 1, ...(dish!.type === 'simple' ? {} : { complex }) }] });
    },
  });
  useEffect(() => {
    if (pick.isSuccess) doneRef.current?.focus();
  }, [pick.isSuccess]);

  if (pick.isSuccess) {
    return (
      <section className="card visit-card" aria-labelledby="visit-done">
        <h1 id="visit-done" className="visit-card__title" tabIndex={-1} ref={doneRef}>
          {t('visit.thanksTitle', { name: visit.guest_name })}
        </h1>
        <Notice tone="success">{t('visit.thanks', { dish: pick.data?.dish ?? '', host: visit.host_first_name })}</Notice>
        <p>{t('visit.thanksHint', { location: visit.location_title })}</p>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const incomplete = !dish || (dish.type !== 'simple' && dish.complex.some((g) => !g.optional && !chosen[g.id]));
    setMissing(incomplete);
    if (!incomplete) pick.mutate();
  };
  const zone = visit.menu.timezone;
  return (
    <section className="card visit-card" aria-labelledby="visit-title">
      <h1 id="visit-title" className="visit-card__title">
        {t('visit.heading', { name: visit.guest_name })}
      </h1>
      <p>
        {t('visit.intro', {
          host: visit.host_first_name,
          location: visit.location_title,
          day: formatWeekdayDate(visit.menu.from, lang, zone),
        })}
      </p>
      <p className="visit-card__deadline">{t('visit.deadline', { time: formatDeadline(visit.menu.deadline, lang, zone) })}</p>
      <form className="visit-form" onSubmit={submit} noValidate>
        {visit.categories.map((c) => (
          <fieldset key={c.id} className="visit-group">
            <legend className="visit-group__title">{c.title}</legend>
            <ul className="visit-list">
              {c.dishes.map((d) => (
                <DishChoice
                  key={d.id}
                  dish={d}
                  name="dish"
                  checked={dishId === d.id}
                  onPick={() => {
                    setDishId(d.id);
                    setChosen({});
                    setMissing(false);
                  }}
                >
                  {dishId === d.id && d.type !== 'simple' && (
                    <SetMealChoices dish={d} chosen={chosen} onChoose={(g, o) => setChosen((prev) => ({ ...prev, [g]: o }))} />
                  )}
                </DishChoice>
              ))}
            </ul>
          </fieldset>
        ))}
        <div aria-live="polite">
          {missing && <Notice tone="error">{dish ? t('visit.chooseOptions') : t('visit.chooseDish')}</Notice>}
          {pick.isError && <Notice tone="error">{errorMessage(pick.error, t('visit.failed'))}</Notice>}
        </div>
        <Button type="submit" variant="primary" className="btn--block" loading={pick.isPending}>
          {t('visit.submit')}
        </Button>
      </form>
    </section>
  );
}
