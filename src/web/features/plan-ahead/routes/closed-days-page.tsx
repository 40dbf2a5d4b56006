import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { awayRangeInput, type AwayDay, type AwayRangeInput } from '../../../../shared/schemas/plan-ahead';
import { ADMINS, hasRole } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { api, isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/plan-ahead.css';
import { closedDaysKey, useClosedDays } from '../api';

const EMPTY = { from: '', to: '', note: '' };

/**
 * /locations/{id}/closed-days: the days a location's office is closed, marked by its manager or an
 * administrator (issue 27). Standing orders skip them and no reminders are sent; removing one asks first.
 */
export function Component() {
  const { t, i18n } = useTranslation('plan-ahead');
  const params = useParams();
  const locationId = Number(params.id);
  const client = useQueryClient();
  const me = useMe();
  const list = useClosedDays(locationId);
  useDocumentTitle(list.data ? t('closed.titleOf', { location: list.data.location.title }) : t('closed.title'));
  const form = useSchemaForm(awayRangeInput, { defaultValues: EMPTY });
  const field = fieldBinder(form);
  const [removing, setRemoving] = useState<AwayDay | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const url = `/app/locations/${locationId}/closed-days`;
  const refresh = () => client.invalidateQueries({ queryKey: closedDaysKey(locationId) });
  const add = useMutation({
    mutationFn: (body: AwayRangeInput) => api.post<{ added: number }>(url, body),
    onSuccess: async (res) => {
      form.reset(EMPTY);
      setAdded(res?.added ?? 0);
      await refresh();
    },
    onError: (error) => setServerErrors(form, error, /^(from|to|note)$/),
  });
  const remove = useMutation({
    mutationFn: (day: AwayDay) => api.delete(`${url}/${day.id}`),
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
    },
  });
  const day = (d: string) => formatDate(d, i18n.language);
  const back = hasRole(me.data?.role, ADMINS)
    ? { to: '/locations', text: t('closed.backLocations') }
    : { to: '/my-team', text: t('closed.backTeam') };

  let body;
  if (list.isPending) body = <Spinner block />;
  else if (list.isError)
    body =
      isApiError(list.error) && (list.error.status === 403 || list.error.status === 404) ? (
        <Notice tone="info">{t('closed.notManager')}</Notice>
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      );
  else
    body = (
      <div className="plan-page__cards">
        <section className="card" aria-labelledby="closed-add-title">
          <h2 id="closed-add-title" className="card__title">
            {t('closed.add')}
          </h2>
          {added !== null && <Notice tone="success">{t('closed.added', { count: added })}</Notice>}
          {add.isError && !Object.keys(form.formState.errors).length && (
            <Notice tone="error">{errorMessage(add.error, t('saveFailed'))}</Notice>
          )}
          <form className="plan-away__form" noValidate onSubmit={form.handleSubmit((b) => add.mutate(b))}>
            <TextField label={t('away.from')} type="date" required {...field('from')} />
            <TextField label={t('away.to')} type="date" required hint={t('away.toHint')} {...field('to')} />
            <TextField label={t('closed.note')} maxLength={200} {...field('note')} />
            <div className="form-actions">
              <Button type="submit" variant="primary" loading={add.isPending}>
                {t('closed.submit')}
              </Button>
            </div>
          </form>
        </section>
        <section className="card" aria-labelledby="closed-list-title">
          <h2 id="closed-list-title" className="card__title">
            {t('closed.listTitle')}
          </h2>
          {list.data.data.length === 0 ? (
            <p>{t('closed.none')}</p>
          ) : (
            <ul className="plan-list" aria-labelledby="closed-list-title">
              {list.data.data.map((d) => (
                <li key={d.id} className="plan-list__item">
                  <span>
                    {day(d.day)}
                    {d.note ? ` · ${d.note}` : ''}
                  </span>
                  <Button size="sm" variant="ghost" aria-label={t('closed.removeDay', { day: day(d.day) })} onClick={() => setRemoving(d)}>
                    {t('away.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );

  return (
    <section className="page plan-page">
      <p>
        <Link className="link" to={back.to}>
          {back.text}
        </Link>
      </p>
      <h1 className="page__title">{list.data ? t('closed.titleOf', { location: list.data.location.title }) : t('closed.title')}</h1>
      <p>{t('closed.intro')}</p>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={t('closed.removeTitle')}
        message={removing ? t('closed.removeMessage', { day: day(removing.day) }) : ''}
        confirmLabel={t('away.remove')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('saveFailed')) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </section>
  );
}
