import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { UpdateLapInput } from '../../../../shared/schemas/laps';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { FormErrorNotice, errorMessage } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/form-errors';
import { LAPS_KEY, lapsApi, type Lap, type LapList } from '../api';
import { LapDetailsForm } from './lap-details-form';
import { StopTravel } from './stop-travel';

type Stop = Lap['stops'][number];

interface LapCardProps {
  lap: Lap;
  unassigned: LapList['unassigned'];
  /** Orders of the current menus per location on no active lap: those are offered first. */
  ordersAt: ReadonlyMap<number, number>;
  onSaved(text: string): void;
}

/** Form keys shown under their own controls; others go to the notice above the card. */
const SHOWN = new Set(['title', 'position', 'departs_at', 'active', 'add', 'remove', 'move.location_id', 'move.offset']);

/** One lap: header with status, its locations in delivery order (up, down, remove), add a location, edit title/position. */
export function LapCard({ lap, unassigned, ordersAt, onSaved }: LapCardProps) {
  const { t } = useTranslation('laps');
  const client = useQueryClient();
  const fields = useFieldErrors();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<Stop | null>(null);
  const [deleting, setDeleting] = useState(false);
  const withOrders = unassigned.filter((l) => ordersAt.has(l.id));
  const others = unassigned.filter((l) => !ordersAt.has(l.id));
  const remove = useMutation({
    mutationFn: () => lapsApi.remove(lap.id),
    onSuccess: (answer) => {
      if (!answer) return;
      setDeleting(false);
      onSaved(t('lap.deleted', { title: lap.title }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: LAPS_KEY }),
  });

  const update = useMutation({
    mutationFn: (body: UpdateLapInput) => lapsApi.update(lap.id, body),
    onMutate: () => fields.reset(),
    onSuccess: (saved, body) => {
      if (!saved) return;
      if (body.add !== undefined) setAdding('');
      if (body.remove !== undefined) setRemoving(null);
      if (body.title !== undefined || body.position !== undefined || body.departs_at !== undefined) setEditing(false);
      onSaved(t('lap.saved', { title: saved.title }));
    },
    onError: (error) => fields.fromError(error),
    onSettled: () => client.invalidateQueries({ queryKey: LAPS_KEY }),
  });
  const busy = update.isPending;
  const failure = update.error && !(isApiError(update.error) && update.error.isIgnored) ? update.error : null;

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (adding) update.mutate({ add: Number(adding) });
  };
  const optionOf = (l: LapList['unassigned'][number]) => (
    <option key={l.id} value={l.id}>
      {l.title}
      {l.status ? '' : ` (${t('lap.inactiveLocation')})`}
    </option>
  );
  const titleOf = (id: number) => lap.stops.find((s) => s.id === id)?.title ?? t('lap.locationNotFound');

  return (
    <article className="card laps-card" aria-labelledby={`lap-${lap.id}-title`}>
      <header className="laps-card__head">
        <div>
          <h2 className="laps-card__title" id={`lap-${lap.id}-title`}>
            {lap.title}
          </h2>
          <p className="muted laps-card__meta">
            <span className={`badge ${lap.active ? 'badge--ok' : 'badge--off'}`}>{lap.active ? t('lap.active') : t('lap.inactive')}</span>{' '}
            {t('lap.positionShort', { position: lap.position })} · {t('lap.locationsCount', { count: lap.locations_count })} ·{' '}
            {lap.departs_at ? t('lap.departsAtShort', { time: lap.departs_at }) : t('lap.noDeparture')}
          </p>
        </div>
        <div className="laps-card__actions">
          <Button size="sm" disabled={busy} onClick={() => update.mutate({ active: !lap.active })}>
            {lap.active ? t('lap.deactivate') : t('lap.activate')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            disabled={busy}
            aria-label={t('lap.deleteNamed', { title: lap.title })}
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            {t('lap.delete')}
          </Button>
          {!editing && (
            <Button
              size="sm"
              disabled={busy}
              aria-label={t('lap.editNamed', { title: lap.title })}
              onClick={() => {
                fields.reset();
                setEditing(true);
              }}
            >
              {t('lap.edit')}
            </Button>
          )}
        </div>
      </header>

      <FormErrorNotice error={failure} isShown={(k) => SHOWN.has(k) || k.startsWith('locations')} fallback={t('errors.saveFailed')} />

      {editing && <LapDetailsForm lap={lap} busy={busy} save={(body) => update.mutateAsync(body)} onCancel={() => setEditing(false)} />}

      {lap.locations.length === 0 ? (
        <p className="muted">{t('lap.noLocations')}</p>
      ) : (
        <ol className="laps-stops">
          {lap.locations.map((id, i) => {
            const stop = lap.stops.find((s) => s.id === id);
            const name = titleOf(id);
            return (
              <li key={id} className="laps-stop">
                <span className="laps-stop__no" aria-hidden="true">
                  {i + 1}.
                </span>
                <span className="laps-stop__text">
                  <strong>{name}</strong>
                  {stop?.address && <span className="muted laps-stop__address">{stop.address}</span>}
                  {stop && !stop.status && <span className="badge badge--off">{t('lap.inactiveLocation')}</span>}
                </span>
                {stop && (
                  <StopTravel
                    key={stop.travel_minutes ?? 'usual'}
                    title={name}
                    minutes={stop.travel_minutes}
                    busy={busy}
                    save={(minutes) => update.mutate({ travel: { location_id: id, minutes } })}
                  />
                )}
                <span className="laps-stop__actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || i === 0}
                    aria-label={t('lap.moveUpNamed', { title: name })}
                    onClick={() => update.mutate({ move: { location_id: id, offset: -1 } })}
                  >
                    <span aria-hidden="true">↑</span> {t('lap.moveUp')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || i === lap.locations.length - 1}
                    aria-label={t('lap.moveDownNamed', { title: name })}
                    onClick={() => update.mutate({ move: { location_id: id, offset: 1 } })}
                  >
                    <span aria-hidden="true">↓</span> {t('lap.moveDown')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="btn--danger-text"
                    disabled={busy}
                    aria-label={t('lap.removeNamed', { title: name })}
                    onClick={() => setRemoving(stop ?? { id, title: name, address: '', status: true, travel_minutes: null })}
                  >
                    {t('lap.remove')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {(fields.first('move.location_id') || fields.first('move.offset')) && (
        <p className="field__error">{fields.first('move.location_id') ?? fields.first('move.offset')}</p>
      )}

      <form className="laps-add" onSubmit={add}>
        <Field label={t('lap.addLabel')} error={fields.first('add')} hint={unassigned.length === 0 ? t('lap.noneToAdd') : undefined}>
          {(wiring) => (
            <select
              className="input"
              value={adding}
              disabled={unassigned.length === 0}
              onChange={(e) => {
                setAdding(e.target.value);
                fields.clear('add');
              }}
              {...wiring}
            >
              <option value="">{t('lap.addPlaceholder')}</option>
              {withOrders.length > 0 && (
                <optgroup label={t('lap.withOrdersGroup')}>
                  {withOrders.map((l) => (
                    <option key={l.id} value={l.id}>
                      {t('lap.withOrders', { title: l.title, n: ordersAt.get(l.id) })}
                    </option>
                  ))}
                </optgroup>
              )}
              {withOrders.length > 0 ? <optgroup label={t('lap.otherGroup')}>{others.map(optionOf)}</optgroup> : others.map(optionOf)}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={!adding || busy} loading={busy && update.variables?.add !== undefined}>
          {t('lap.add')}
        </Button>
      </form>

      <ConfirmDialog
        open={removing !== null}
        title={t('lap.removeTitle')}
        message={removing ? t('lap.removeConfirm', { location: removing.title, lap: lap.title }) : ''}
        confirmLabel={t('lap.remove')}
        busy={busy}
        error={
          fields.first('remove') ??
          (removing && update.isError && update.variables?.remove !== undefined ? errorMessage(update.error, t('errors.saveFailed')) : null)
        }
        onConfirm={() => removing && update.mutate({ remove: removing.id })}
        onCancel={() => {
          setRemoving(null);
          fields.clear('remove');
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('lap.deleteTitle')}
        message={t('lap.deleteConfirm', { title: lap.title })}
        confirmLabel={t('lap.delete')}
        busy={remove.isPending}
        error={
          remove.isError && !(isApiError(remove.error) && remove.error.isIgnored)
            ? errorMessage(remove.error, t('errors.deleteFailed'))
            : null
        }
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      />
    </article>
  );
}
