import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/field';
import { FormErrorNotice, LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { createLapInput, type CreateLapInput } from '../../../../shared/schemas/laps';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { UnroutedWarning, useUnrouted } from '../../../components/laps/unrouted-warning';
import { LAPS_KEY, lapsApi, useLaps } from '../api';
import { LapCard } from '../components/lap-card';
import { LapTitleField } from '../components/lap-details-form';
import { MenuPicker } from '../components/menu-picker';
import '../../../styles/manage.css';
import { WasteSummaryCard } from '../../../components/waste/waste-summary-card';
import '../laps.css';

const EMPTY_LAP = { title: '', active: true };

/** /laps: delivery laps of the active provider — list, create, edit, and the unassigned locations (spec 2, 4). */
export function Component() {
  const { t } = useTranslation('laps');
  useDocumentTitle(t('title'));
  const laps = useLaps();
  // Locations with orders of the current menus that no active lap delivers to: named as a
  // warning, and offered first when adding a location to a lap ("fill laps from the day").
  const unrouted = useUnrouted(LAPS_KEY);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [activeOnly, setActiveOnly] = useState(false);
  const ordersAt = new Map<number, number>();
  for (const m of unrouted.data?.data ?? []) for (const l of m.locations) ordersAt.set(l.id, (ordersAt.get(l.id) ?? 0) + l.orders);

  let body;
  if (laps.isPending) {
    body = <Spinner block />;
  } else if (!laps.data) {
    body = (
      <>
        <LoadErrorNotice error={laps.error} fallback={t('errors.loadFailed')} />
        <Button size="sm" onClick={() => void laps.refetch()}>
          {t('retry')}
        </Button>
      </>
    );
  } else if (laps.data.data.length === 0) {
    body = <p className="laps-empty">{t('empty')}</p>;
  } else {
    const { data, unassigned } = laps.data;
    const shown = activeOnly ? data.filter((l) => l.active) : data;
    const hidden = data.length - shown.length;
    body = (
      <>
        <div className="laps-filter">
          <CheckboxField label={t('filter.activeOnly')} checked={activeOnly} onChange={(e) => setActiveOnly(e.target.checked)} />
          {hidden > 0 && <span className="muted">{t('filter.hidden', { n: hidden })}</span>}
        </div>
        <div className="laps-list">
          {shown.map((lap) => (
            <LapCard key={`${lap.id}`} lap={lap} unassigned={unassigned} ordersAt={ordersAt} onSaved={setOutcome} />
          ))}
        </div>
      </>
    );
  }

  return (
    <section className="page laps-page" aria-labelledby="laps-title">
      <h1 className="page__title" id="laps-title">
        {t('title')}
      </h1>
      {outcome && (
        <Notice tone="success" className="laps-outcome">
          {outcome}
        </Notice>
      )}
      <UnroutedWarning data={unrouted.data} showMenus manageLink={false} />
      <MenuPicker />
      <CreateLap onCreated={setOutcome} />
      {body}
      {laps.data && (
        <section className="card laps-unassigned" aria-labelledby="laps-unassigned">
          <h2 className="laps-card__title" id="laps-unassigned">
            {t('unassigned.heading')}
          </h2>
          {laps.data.unassigned.length === 0 ? (
            <p className="muted">{t('unassigned.none')}</p>
          ) : (
            <ul className="laps-unassigned__list">
              {laps.data.unassigned.map((l) => (
                <li key={l.id}>
                  <strong>{l.title}</strong>
                  {l.address && <span className="muted"> — {l.address}</span>}
                  {!l.status && <span className="badge badge--off">{t('lap.inactiveLocation')}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <WasteSummaryCard pickLocation />
    </section>
  );
}

/** The "New lap" form: title and active (createLapInput); locations are added on the lap's card. */
function CreateLap({ onCreated }: { onCreated(text: string): void }) {
  const { t } = useTranslation('laps');
  const client = useQueryClient();
  const form = useSchemaForm(createLapInput, { defaultValues: EMPTY_LAP });
  const field = fieldBinder(form);
  const create = useMutation({
    mutationFn: (body: CreateLapInput) => lapsApi.create(body),
    onSuccess: (lap) => {
      if (!lap) return;
      form.reset(EMPTY_LAP);
      onCreated(t('create.created', { title: lap.title }));
    },
    onError: (error) => setServerErrors(form, error, /^(title|active)$/),
    onSettled: () => client.invalidateQueries({ queryKey: LAPS_KEY }),
  });
  const failure = create.error && !(isApiError(create.error) && create.error.isIgnored) ? create.error : null;
  return (
    <form className="card laps-create" onSubmit={form.handleSubmit((body) => create.mutate(body))} noValidate aria-labelledby="laps-create">
      <h2 className="laps-card__title" id="laps-create">
        {t('create.heading')}
      </h2>
      <FormErrorNotice error={failure} isShown={(k) => k === 'title' || k === 'active'} fallback={t('errors.saveFailed')} />
      <div className="laps-create__row">
        <LapTitleField {...field('title')} />
        <CheckboxField label={t('create.active')} {...field('active')} />
        <Button type="submit" variant="primary" loading={create.isPending} disabled={!form.watch('title').trim()}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
