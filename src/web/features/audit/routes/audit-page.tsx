import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_REF_FIELDS, AUDIT_SECRET } from '../../../../shared/schemas/audit';
import { ManagePage } from '../../../components/manage/manage-page';
import { PagedTable } from '../../../components/manage/manage-table';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import '../audit.css';
import { useAuditActors, useAuditLog, type AuditEntry } from '../api';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

/**
 * /audit (admins): staff changes of the active provider and the provider-less ones (locations,
 * users), newest first, filtered by action, person, days and entity; read only (decision 037).
 */
export function Component() {
  const { t, i18n } = useTranslation('audit');
  useDocumentTitle(t('title'));
  const lang = i18n.language;
  const id = useId();
  const table = useTableState({ perPage: 50 });
  const [filter, setFilter] = useState({ action: '', actor_id: '', entity_type: '', entity_id: '', from: '', to: '' });
  const list = useAuditLog({ page: table.page, per_page: table.perPage, filter });
  const actors = useAuditActors();
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) => {
    setFilter((f) => ({ ...f, [key]: e.target.value }));
    table.setPage(1);
  };

  /** One value as people read it: cents as euros, flags as yes/no, times in the business zone, ids by name. */
  const show = (e: AuditEntry, key: string, v: unknown, side: 'before' | 'after'): string => {
    if (v === null || v === undefined) return '—';
    if (v === AUDIT_SECRET) return side === 'before' ? t('secretHidden') : t('secretNew');
    const ref = AUDIT_REF_FIELDS[key];
    // An id by the name the server resolved ("#12" when the object is gone).
    const named = (id: unknown) => (ref ? (e.names[`${ref.kind}:${String(id).split(':')[0]}`] ?? `#${String(id)}`) : String(id));
    if (typeof v === 'number' && key.endsWith('_cents')) return formatCents(v, lang);
    if (typeof v === 'boolean') return v ? t('yes') : t('no');
    if (key === 'accepted' && typeof v === 'number') return v ? t('yes') : t('no');
    if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v, lang);
    if (Array.isArray(v))
      return v.length
        ? v.map((x) => (Array.isArray(x) ? x.map(named).join(' | ') : ref ? named(x) : show(e, '', x, side))).join(', ')
        : '—';
    if (key === 'prices' && typeof v === 'object')
      return Object.entries(v)
        .map(([k, x]) => `${named(k)}: ${typeof x === 'number' ? formatCents(x, lang) : t('cataloguePrice')}`)
        .join(', ');
    if (typeof v === 'object' && ['title', 'summary', 'ingredients'].includes(key)) {
      const text = v as Record<string, string>;
      return text[lang] || text.lv || Object.values(text).find(Boolean) || '—';
    }
    if (typeof v === 'object')
      return Object.entries(v)
        .map(([k, x]) => `${named(k)}: ${x === null ? t('unlimited') : String(x)}`)
        .join(', ');
    return ref ? named(v) : String(v);
  };
  const changes = (e: AuditEntry) => {
    const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
    if (!keys.length) return <span className="muted">—</span>;
    return (
      <ul className="audit-changes">
        {keys.map((k) => (
          <li key={k}>
            <span className="muted">{t(`fields.${k}`, { defaultValue: k })}:</span>{' '}
            {e.before ? show(e, k, e.before[k], 'before') : t('none')} <span aria-hidden="true">→</span>
            <span className="visually-hidden">{t('changedTo')}</span> {e.after ? show(e, k, e.after[k], 'after') : t('removed')}
          </li>
        ))}
      </ul>
    );
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('columns.at'), cell: (e) => formatDateTime(e.at, lang) },
    {
      key: 'actor',
      header: t('columns.actor'),
      cell: (e) =>
        e.actor ? (
          <div className="dish-cell">
            <span className="cell-strong">{e.actor.name || e.actor.email}</span>
            {e.actor.name ? <span className="muted pick-row__meta">{e.actor.email}</span> : null}
          </div>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'action',
      header: t('columns.action'),
      cell: (e) => (
        <div className="dish-cell">
          <span className="cell-strong">{t(`actions.${e.action}`)}</span>
          <span>
            {t(`entities.${e.entity_type}`, { defaultValue: e.entity_type })}
            {e.entity_name ? `: ${e.entity_name}` : ''}
          </span>
          <span className="muted pick-row__meta">{t('objectNumber', { id: e.entity_id })}</span>
        </div>
      ),
    },
    { key: 'changes', header: t('columns.changes'), cell: changes },
  ];

  const field = (key: keyof typeof filter, label: string, control: React.ReactNode) => (
    <div className="field mgmt__filter" key={key}>
      <label className="field__label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {control}
    </div>
  );

  return (
    <ManagePage
      title={t('title')}
      tools={
        <>
          {field(
            'action',
            t('filters.action'),
            <select id={`${id}-action`} className="input" value={filter.action} onChange={set('action')}>
              <option value="">{t('filters.any')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`actions.${a}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'actor_id',
            t('filters.actor'),
            <select id={`${id}-actor_id`} className="input" value={filter.actor_id} onChange={set('actor_id')}>
              <option value="">{t('filters.anyone')}</option>
              {actors.data?.data.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name ? `${a.name} (${a.email})` : a.email}
                </option>
              ))}
            </select>,
          )}
          {field(
            'entity_type',
            t('filters.entity'),
            <select id={`${id}-entity_type`} className="input" value={filter.entity_type} onChange={set('entity_type')}>
              <option value="">{t('filters.any')}</option>
              {AUDIT_ENTITIES.map((a) => (
                <option key={a} value={a}>
                  {t(`entities.${a}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'entity_id',
            t('filters.entityId'),
            <input
              id={`${id}-entity_id`}
              className="input"
              inputMode="numeric"
              maxLength={50}
              value={filter.entity_id}
              onChange={set('entity_id')}
            />,
          )}
          {field(
            'from',
            t('filters.from'),
            <input id={`${id}-from`} className="input" type="date" value={filter.from} onChange={set('from')} />,
          )}
          {field('to', t('filters.to'), <input id={`${id}-to`} className="input" type="date" value={filter.to} onChange={set('to')} />)}
        </>
      }
      loadError={list.isError ? list.error : null}
    >
      <PagedTable query={list} columns={columns} rowKey={(e) => e.id} />
    </ManagePage>
  );
}
