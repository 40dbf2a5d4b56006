import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PROFILE_DIETS, type ProfileDiet } from '../../../../shared/dietary';
import type { Profile } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/field';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { ME_KEY } from '../../../lib/me';
import { useApiQuery } from '../../../lib/query';

interface Allergen {
  id: number;
  code: string;
  title: string;
}

const sameSet = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * "I avoid" (the 14 allergens) and "I eat" (diets) on the profile (decision 034): the order page
 * warns about dishes that conflict, and the kitchen sees orders that contain an avoided allergen.
 */
export function DietProfileForm({ stored }: { stored: Profile }) {
  const { t } = useTranslation(['account', 'common']);
  const client = useQueryClient();
  const allergens = useApiQuery<Allergen[]>(['allergens'], '/app/allergens', { staleTime: 10 * 60_000 });
  const [avoid, setAvoid] = useState<number[]>(stored.avoid_allergens);
  const [diets, setDiets] = useState<ProfileDiet[]>(stored.diets);
  const [saved, setSaved] = useState(false);
  const baseId = useId();
  const changed = !sameSet(avoid, stored.avoid_allergens) || !sameSet(diets, stored.diets);

  const save = useMutation({
    mutationFn: () => api.post<Profile>('/app/me', { avoid_allergens: avoid, diets }),
    onSuccess: (profile) => {
      if (profile) client.setQueriesData<Profile>({ queryKey: ME_KEY }, profile);
      setSaved(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) save.mutate();
  };
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((x) => x !== value));

  return (
    <form className="card profile-form" onSubmit={submit} noValidate aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="card__title">
        {t('account:diet.title')}
      </h2>
      <p className="muted">{t('account:diet.hint')}</p>
      {saved && <Notice tone="success">{t('account:info.saved')}</Notice>}
      {save.isError && <Notice tone="error">{t('account:saveFailed')}</Notice>}
      <fieldset className="profile-form__flags">
        <legend>{t('account:diet.avoid')}</legend>
        {allergens.isPending ? (
          <Spinner />
        ) : allergens.isError ? (
          // Without the list nothing here could be chosen: say so, and offer another try.
          <div className="profile-form__load-error">
            <LoadErrorNotice error={allergens.error} fallback={t('account:diet.loadFailed')} />
            <Button type="button" variant="secondary" onClick={() => void allergens.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : (
          (allergens.data ?? []).map((a) => (
            <CheckboxField
              key={a.id}
              label={a.title}
              checked={avoid.includes(a.id)}
              onChange={(e) => {
                setAvoid((prev) => toggle(prev, a.id, e.target.checked));
                setSaved(false);
              }}
            />
          ))
        )}
      </fieldset>
      <fieldset className="profile-form__flags">
        <legend>{t('account:diet.eat')}</legend>
        {PROFILE_DIETS.map((d) => (
          <CheckboxField
            key={d}
            label={t(`common:profileDiets.${d}`)}
            checked={diets.includes(d)}
            onChange={(e) => {
              setDiets((prev) => toggle(prev, d, e.target.checked));
              setSaved(false);
            }}
          />
        ))}
      </fieldset>
      <div className="form-actions">
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          {t('account:diet.save')}
        </Button>
      </div>
    </form>
  );
}
