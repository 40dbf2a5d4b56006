import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../components/ui/form-error-notice';
import type { GroupList } from '../api';
import { budgetsApi } from '../api';

/** The location's people, each with a group chooser (saved on change; the result is announced). */
export function PeopleCard({ data, onChanged }: { data: GroupList; onChanged(): void }) {
  const { t } = useTranslation('budgets');
  const [status, setStatus] = useState('');
  const move = useMutation({
    mutationFn: (v: { userId: number; groupId: number | null; name: string }) => budgetsApi.setGroup(v.userId, v.groupId),
    onSuccess: (_res, v) => {
      setStatus(t('people.saved', { name: v.name }));
      onChanged();
    },
    onError: () => setStatus(''),
  });
  return (
    <section className="card budgets-card" aria-labelledby="budgets-people-title">
      <h2 id="budgets-people-title" className="card__title">
        {t('people.title')}
      </h2>
      {move.isError && <Notice tone="error">{errorMessage(move.error, t('saveFailed'))}</Notice>}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {data.people.length === 0 ? (
        <p>{t('people.none')}</p>
      ) : (
        <ul className="budgets-list" aria-labelledby="budgets-people-title">
          {data.people.map((p) => {
            const name = p.name || p.email;
            const id = `budgets-person-${p.id}`;
            return (
              <li key={p.id} className="budgets-list__item budgets-person">
                <label htmlFor={id} className="budgets-person__name">
                  {name} <span className="muted">{p.email}</span>
                </label>
                <select
                  id={id}
                  className="input budgets-person__group"
                  aria-label={t('people.groupOf', { name })}
                  value={p.group_id ?? ''}
                  disabled={move.isPending}
                  onChange={(e) => move.mutate({ userId: p.id, groupId: e.target.value ? Number(e.target.value) : null, name })}
                >
                  <option value="">{t('people.noGroup')}</option>
                  {data.data.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.title}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
