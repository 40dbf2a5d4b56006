import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { budgetsApi, type LocationGroup } from '../api';

/** The first field error of a failed call on `field`, else its message. */
const fieldText = (error: unknown, field: string, fallback: string) =>
  isApiError(error) ? (error.errors[field]?.[0] ?? error.message) : fallback;

/** One group: its name and members, renamed in place, deleted after a confirmation. */
function GroupRow({ group, onChanged, onDelete }: { group: LocationGroup; onChanged(): void; onDelete(): void }) {
  const { t } = useTranslation('budgets');
  const [title, setTitle] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (next: string) => budgetsApi.renameGroup(group.id, next),
    onSuccess: () => {
      setTitle(null);
      onChanged();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (title !== null) rename.mutate(title);
  };
  if (title !== null)
    return (
      <li className="budgets-list__item">
        <form className="budgets-inline" noValidate onSubmit={submit}>
          <TextField
            label={t('groups.renameLabel', { title: group.title })}
            value={title}
            maxLength={100}
            required
            autoFocus
            onChange={(e) => setTitle(e.target.value)}
            error={rename.isError ? fieldText(rename.error, 'title', t('saveFailed')) : undefined}
          />
          <div className="budgets-inline__actions">
            <Button type="submit" size="sm" variant="primary" loading={rename.isPending}>
              {t('save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (setTitle(null), rename.reset())}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      </li>
    );
  return (
    <li className="budgets-list__item">
      <span>
        <strong>{group.title}</strong> <span className="muted">{t('groups.members', { count: group.members })}</span>
      </span>
      <span className="budgets-inline__actions">
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('groups.renameNamed', { title: group.title })}
          onClick={() => setTitle(group.title)}
        >
          {t('groups.rename')}
        </Button>
        <Button size="sm" variant="ghost" aria-label={t('groups.deleteNamed', { title: group.title })} onClick={onDelete}>
          {t('groups.delete')}
        </Button>
      </span>
    </li>
  );
}

/** The location's groups: add, rename, delete (asks first; the group's people and rule are named). */
export function GroupsCard({ locationId, groups, onChanged }: { locationId: number; groups: LocationGroup[]; onChanged(): void }) {
  const { t } = useTranslation('budgets');
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<LocationGroup | null>(null);
  const add = useMutation({
    mutationFn: () => budgetsApi.addGroup(locationId, title),
    onSuccess: () => {
      setTitle('');
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: (g: LocationGroup) => budgetsApi.deleteGroup(g.id),
    onSuccess: () => {
      setDeleting(null);
      onChanged();
    },
  });
  return (
    <section className="card budgets-card" aria-labelledby="budgets-groups-title">
      <h2 id="budgets-groups-title" className="card__title">
        {t('groups.title')}
      </h2>
      <p className="muted">{t('groups.intro')}</p>
      {groups.length === 0 ? (
        <p>{t('groups.none')}</p>
      ) : (
        <ul className="budgets-list" aria-labelledby="budgets-groups-title">
          {groups.map((g) => (
            <GroupRow key={g.id} group={g} onChanged={onChanged} onDelete={() => setDeleting(g)} />
          ))}
        </ul>
      )}
      <form
        className="budgets-inline"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <TextField
          label={t('groups.new')}
          value={title}
          maxLength={100}
          required
          onChange={(e) => setTitle(e.target.value)}
          error={add.isError ? fieldText(add.error, 'title', t('saveFailed')) : undefined}
        />
        <div className="budgets-inline__actions">
          <Button type="submit" variant="primary" loading={add.isPending}>
            {t('groups.add')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={t('groups.deleteTitle')}
        message={deleting ? t('groups.deleteMessage', { title: deleting.title, count: deleting.members }) : ''}
        confirmLabel={t('groups.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('saveFailed')) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </section>
  );
}
