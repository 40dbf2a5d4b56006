import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CostCentre } from '../../../../shared/schemas/cost-centres';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/error-message';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { costCentresApi, useCostCentres, useInvalidateCostCentres } from '../api';
import '../cost-centres.css';

type Draft = { id: number | null; code: string; title: string; active: boolean };
const EMPTY: Draft = { id: null, code: '', title: '', active: true };

/**
 * /cost-centres (issue 29, decision 075): a company's cost centres. Administrators pick the company
 * by its registration number; a location manager sees their own company's. Add, change (code, name,
 * active) and remove after a confirmation: one that orders are booked to is deactivated instead.
 */
export function Component() {
  const { t } = useTranslation('cost-centres');
  useDocumentTitle(t('title'));
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const [companyInput, setCompanyInput] = useState('');
  const [company, setCompany] = useState<string | null>(null);
  const list = useCostCentres(company, Boolean(me.data) && (!isAdmin || company !== null));
  const invalidate = useInvalidateCostCentres();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [removing, setRemoving] = useState<CostCentre | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const registration = list.data?.company.registration ?? company ?? '';
      return draft.id === null
        ? costCentresApi.create({ company: registration, code: draft.code, title: draft.title })
        : costCentresApi.update(draft.id, { code: draft.code, title: draft.title, active: draft.active });
    },
    onSuccess: (saved) => {
      setNotice(t(draft.id === null ? 'added' : 'saved', { code: saved?.code ?? draft.code }));
      setDraft(EMPTY);
      setErrors({});
      void invalidate();
    },
    onError: (error) => setErrors(isApiError(error) ? (error.errors ?? {}) : {}),
  });
  const remove = useMutation({
    mutationFn: (c: CostCentre) => costCentresApi.remove(c.id),
    onSuccess: (result, c) => {
      setNotice(t(result?.deleted ? 'deleted' : 'deactivated', { code: c.code }));
      setRemoving(null);
      void invalidate();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <section className="page cost-centres-page">
      <h1 className="page__title">{t('title')}</h1>
      {isAdmin && (
        <form
          className="cost-centres-company"
          onSubmit={(e) => {
            e.preventDefault();
            setCompany(companyInput.trim() || null);
          }}
        >
          <TextField label={t('company')} value={companyInput} onChange={(e) => setCompanyInput(e.target.value)} inputMode="numeric" />
          <Button type="submit">{t('show')}</Button>
        </form>
      )}
      {notice && (
        <div role="status">
          <Notice tone="success">{notice}</Notice>
        </div>
      )}
      {list.isLoading && <Spinner block />}
      {list.error && <Notice tone="error">{errorMessage(list.error, t('loadFailed'))}</Notice>}
      {list.data && (
        <>
          <h2>{list.data.company.name || list.data.company.registration}</h2>
          {list.data.data.length === 0 ? (
            <p className="muted">{t('empty')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table table--cards">
                <thead>
                  <tr>
                    <th scope="col">{t('code')}</th>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('state')}</th>
                    <th scope="col">{t('orders')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((c) => (
                    <tr key={c.id}>
                      <td className="cost-centres-code">{c.code}</td>
                      <td data-label={t('name')}>{c.title}</td>
                      <td data-label={t('state')}>{t(c.active ? 'active' : 'inactive')}</td>
                      <td data-label={t('orders')}>{c.orders}</td>
                      <td>
                        <div className="cost-centres-actions">
                          <Button size="sm" onClick={() => setDraft({ id: c.id, code: c.code, title: c.title, active: c.active })}>
                            {t('edit', { code: c.code })}
                          </Button>
                          {c.active && (
                            <Button size="sm" variant="danger" onClick={() => setRemoving(c)}>
                              {t('remove', { code: c.code })}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <form className="card form" onSubmit={submit} aria-labelledby="cost-centre-form-title">
            <h2 id="cost-centre-form-title" className="card__title">
              {draft.id === null ? t('add') : t('change', { code: draft.code })}
            </h2>
            <TextField
              label={t('code')}
              required
              maxLength={30}
              value={draft.code}
              error={errors.code?.[0]}
              onChange={(e) => setDraft({ ...draft, code: e.target.value })}
            />
            <TextField
              label={t('name')}
              required
              maxLength={100}
              value={draft.title}
              error={errors.title?.[0]}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
            {draft.id !== null && (
              <CheckboxField
                label={t('active')}
                checked={draft.active}
                onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
              />
            )}
            {save.error && !isApiError(save.error) && <Notice tone="error">{errorMessage(save.error, t('saveFailed'))}</Notice>}
            <div className="form__actions">
              <Button type="submit" variant="primary" loading={save.isPending}>
                {draft.id === null ? t('addButton') : t('save')}
              </Button>
              {draft.id !== null && <Button onClick={() => setDraft(EMPTY)}>{t('cancelEdit')}</Button>}
            </div>
          </form>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle')}
        message={removing ? t('removeMessage', { code: removing.code, title: removing.title }) : ''}
        confirmLabel={t('removeConfirm')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t('saveFailed')) : null}
      />
    </section>
  );
}
