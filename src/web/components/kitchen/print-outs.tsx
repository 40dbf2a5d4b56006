import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { LabelLayout } from '../../../shared/schemas/kitchen';
import type { LapList } from '../../../shared/schemas/laps';
import { api, isApiError } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { useApiQuery } from '../../lib/query';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { errorMessage } from '../ui/form-error-notice';
import { Notice } from '../ui/notice';
import { LabelCheckPanel } from './label-check';
import '../../styles/ui-extras.css';

/** "all", "lap:<id>" or "loc:<id>". */
type Scope = string;

const scopeQuery = (scope: Scope): Record<string, string> => {
  const [kind, id] = scope.split(':');
  if (kind === 'lap') return { lap: id! };
  if (kind === 'loc') return { location: id! };
  return {};
};

/**
 * The kitchen's print-outs (issue 14) on the kitchen display and the orders page: the production
 * sheet and the labels, for the whole menu, a lap or a location, in the page's language; labels on
 * A4 sheets of 3 × 8 or a 62 mm roll. Downloaded with the bearer header (no token in a URL).
 */
export function KitchenPrintOuts({ menuId }: { menuId: number }) {
  const { t } = useTranslation('kitchen');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('print.open')}
      </Button>
      <Dialog open={open} title={t('print.title')} onClose={() => setOpen(false)}>
        {open && <PrintForm menuId={menuId} />}
      </Dialog>
    </>
  );
}

function PrintForm({ menuId }: { menuId: number }) {
  const { t } = useTranslation('kitchen');
  const id = useId();
  const laps = useApiQuery<LapList>(['laps', 'list'], '/app/laps', { staleTime: 30_000 });
  const [scope, setScope] = useState<Scope>('all');
  const [layout, setLayout] = useState<LabelLayout>('a4');
  const [busy, setBusy] = useState<'sheet' | 'labels' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const download = async (what: 'sheet' | 'labels') => {
    setBusy(what);
    setError(null);
    setDone(null);
    try {
      const path = what === 'sheet' ? `/app/kitchen/${menuId}/production-sheet` : `/app/kitchen/${menuId}/labels`;
      const query = { ...scopeQuery(scope), ...(what === 'labels' ? { layout } : {}) };
      const blob = await api.get<Blob>(path, { query, parse: 'blob', headers: { Accept: 'application/pdf' } });
      if (blob) {
        const suffix = scope === 'all' ? '' : `-${scope.replace(':', '-')}`;
        saveBlob(blob, what === 'sheet' ? `production-${menuId}${suffix}.pdf` : `labels-${menuId}-${layout}${suffix}.pdf`);
        setDone(t(what === 'sheet' ? 'print.sheetDone' : 'print.labelsDone'));
      }
    } catch (err) {
      if (!(isApiError(err) && err.isIgnored)) setError(errorMessage(err, t('print.failed')));
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void download('labels');
  };

  const active = laps.data?.data.filter((l) => l.active) ?? [];
  const locations = [...active.flatMap((l) => l.stops), ...(laps.data?.unassigned ?? [])];
  // PUBLIC_URL unset or loopback: the QR codes open nowhere but this computer (decision 040).
  const localLinks =
    useApiQuery<{ local_links?: boolean }>(['translations'], '/app/translations', { staleTime: 10 * 60_000 }).data?.local_links === true;
  return (
    <form className="print-outs" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-scope`}>
          {t('print.scope')}
        </label>
        <select id={`${id}-scope`} className="input" value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value="all">{t('print.wholeMenu')}</option>
          {active.length > 0 && (
            <optgroup label={t('print.laps')}>
              {active.map((l) => (
                <option key={l.id} value={`lap:${l.id}`}>
                  {l.title}
                </option>
              ))}
            </optgroup>
          )}
          {locations.length > 0 && (
            <optgroup label={t('print.locations')}>
              {locations.map((l) => (
                <option key={l.id} value={`loc:${l.id}`}>
                  {l.title}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      <p>
        <Button variant="primary" loading={busy === 'sheet'} disabled={busy !== null} onClick={() => void download('sheet')}>
          {t('print.sheet')}
        </Button>
      </p>
      {localLinks && <Notice tone="warning">{t('print.localLinks')}</Notice>}
      <fieldset className="print-outs__layouts">
        <legend>{t('print.layout')}</legend>
        {(['a4', 'roll'] as const).map((value) => (
          <label key={value} className="print-outs__option">
            <input type="radio" name={`${id}-layout`} value={value} checked={layout === value} onChange={() => setLayout(value)} />{' '}
            {t(`print.layouts.${value}`)}
          </label>
        ))}
      </fieldset>
      {/* What the labels lack, and those that will not fit, before they are printed (issue 28). */}
      <LabelCheckPanel menuId={menuId} layout={layout} />
      <p>
        <Button type="submit" variant="primary" loading={busy === 'labels'} disabled={busy !== null}>
          {t('print.labels')}
        </Button>
      </p>
      <div aria-live="polite">
        {error && <Notice tone="error">{error}</Notice>}
        {done && <Notice tone="success">{done}</Notice>}
      </div>
    </form>
  );
}
