import { useTranslation } from '../../../lib/i18n';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_REF_FIELDS, AUDIT_SECRET } from '../../../../shared/schemas/audit';
import { ManagePage } from '../../../components/manage/manage-page';
import { FilterBar, useFilterValues, type FilterSpec } from '../../../components/manage/filter-bar';
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
  const table = useTableState({ perPage: 50 });
  const [filter, setFilter] = useFilterValues({ action: '', actor_id: '', entity_type: '', entity_id: '', from: '', to: '' }, () =>
    table.setPage(1),
  );
  const list = useAuditLog({ page: table.page, per_page: table.perPage, filter });
  const actors = useAuditActors();

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

  const filters: FilterSpec<keyof typeof filter>[] = [
    {
      key: 'action',
      label: t('filters.action'),
      type: 'select',
      any: t('filters.any'),
      options: AUDIT_ACTIONS.map((a) => [a, t(`actions.${a}`)]),
    },
    {
      key: 'actor_id',
      label: t('filters.actor'),
      type: 'select',
      any: t('filters.anyone'),
      options: actors.data?.data.map((a) => [a.id, a.name ? `${a.name} (${a.email})` : a.email]) ?? [],
    },
    {
      key: 'entity_type',
      label: t('filters.entity'),
      type: 'select',
      any: t('filters.any'),
      options: AUDIT_ENTITIES.map((a) => [a, t(`entities.${a}`)]),
    },
    { key: 'entity_id', label: t('filters.entityId'), type: 'number', maxLength: 50 },
    { key: 'from', label: t('filters.from'), type: 'date' },
    { key: 'to', label: t('filters.to'), type: 'date' },
  ];

  return (
    <ManagePage
      title={t('title')}
      tools={<FilterBar filters={filters} values={filter} onChange={setFilter} />}
      loadError={list.isError ? list.error : null}
    >
      <PagedTable query={list} columns={columns} rowKey={(e) => e.id} />
    </ManagePage>
  );
}
