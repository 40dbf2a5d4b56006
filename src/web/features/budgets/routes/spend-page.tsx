import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { STAFF, hasRole } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { isoDayIn } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { budgetsApi, useLocationChoices, useSpend } from '../api';
import { SpendTables } from '../components/spend-tables';
import '../budgets.css';

/**
 * /spend: the employer's view of a month (issue 29, decision 074). A location manager sees their
 * own location with names; an administrator picks a location or all; kitchen staff see the
 * aggregates without people.
 */
export function Component() {
  const { t } = useTranslation('budgets');
  useDocumentTitle(t('spend.title'));
  const me = useMe();
  const staff = hasRole(me.data?.role, STAFF);
  const pickerId = useId();
  const [month, setMonth] = useState(() => isoDayIn(new Date()).slice(0, 7));
  const [locationId, setLocationId] = useState<number | null>(null);
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const spend = useSpend(month, staff ? locationId : null);
  const locations = useLocationChoices(staff);
  const download = useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const blob = await budgetsApi.spendFile(month, staff ? locationId : null, format);
      const scope = spend.data?.location ? `location-${spend.data.location.id}` : 'all';
      if (blob) saveBlob(blob, `spend-${scope}-${month}.${format}`);
    },
  });

  let body;
  if (!validMonth) body = <Notice tone="info">{t('spend.pickMonth')}</Notice>;
  else if (spend.isPending) body = <Spinner block />;
  else if (spend.isError)
    body =
      isApiError(spend.error) && spend.error.status === 403 ? (
        <Notice tone="info">{t('spend.notAllowed')}</Notice>
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      );
  else body = <SpendTables spend={spend.data} />;

  const location = spend.data?.location;
  return (
    <section className="page spend-page">
      <h1 className="page__title">
        {t('spend.title')}
        {location && <span className="muted"> {location.title}</span>}
      </h1>
      <p>{t('spend.intro')}</p>
      <div className="spend-tools">
        <TextField label={t('spend.month')} type="month" value={month} required onChange={(e) => setMonth(e.target.value)} />
        {staff && (
          <div className="field">
            <label className="field__label" htmlFor={pickerId}>
              {t('spend.location')}
            </label>
            <select
              id={pickerId}
              className="input"
              value={locationId ?? ''}
              onChange={(e) => setLocationId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('spend.allLocations')}</option>
              {(locations.data?.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="budgets-inline__actions">
          <Button
            variant="secondary"
            disabled={!spend.data}
            loading={download.isPending && download.variables === 'csv'}
            onClick={() => download.mutate('csv')}
          >
            {t('spend.csv')}
          </Button>
          <Button
            variant="secondary"
            disabled={!spend.data}
            loading={download.isPending && download.variables === 'xlsx'}
            onClick={() => download.mutate('xlsx')}
          >
            {t('spend.xlsx')}
          </Button>
        </div>
      </div>
      {download.isError && <Notice tone="error">{t('spend.downloadFailed')}</Notice>}
      {location && me.data?.role !== 'kitchen' && (
        <p>
          <Link className="link" to={`/locations/${location.id}/budgets`}>
            {t('spend.rulesLink')}
          </Link>
        </p>
      )}
      {body}
    </section>
  );
}
