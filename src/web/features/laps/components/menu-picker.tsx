import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useLapMenus } from '../api';

/** Opens /menu-laps/{menuId} for a chosen menu (newest first), so lap reports are reachable from /laps. */
export function MenuPicker() {
  const { t, i18n } = useTranslation('laps');
  const menus = useLapMenus();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  // The page's opening time: today's menu is the latest that had started by then.
  const [openedAt] = useState(() => Date.now());
  const list = menus.data?.data ?? [];
  // Default: the latest menu that has started (today's), else the newest.
  const current = list.find((m) => Date.parse(m.from) <= openedAt) ?? list[0];
  const value = chosen || (current ? String(current.id) : '');
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (value) void navigate(`/menu-laps/${value}`);
  };
  return (
    <form className="card laps-picker" onSubmit={open} aria-labelledby="laps-picker">
      <h2 className="laps-card__title" id="laps-picker">
        {t('picker.heading')}
      </h2>
      {menus.isPending ? (
        <Spinner />
      ) : !menus.data ? (
        <LoadErrorNotice error={menus.error} fallback={t('errors.loadFailed')} />
      ) : list.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <div className="laps-add">
          <Field label={t('picker.menu')}>
            {(wiring) => (
              <select className="input" value={value} onChange={(e) => setChosen(e.target.value)} {...wiring}>
                {list.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.title.includes(formatDate(m.from, i18n.language)) ? m.title : `${m.title} (${formatDate(m.from, i18n.language)})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" variant="primary">
            {t('picker.open')}
          </Button>
        </div>
      )}
    </form>
  );
}
