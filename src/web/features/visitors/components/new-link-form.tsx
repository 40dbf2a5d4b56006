import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { visitorsApi, type CreatedVisitorLink } from '../api';
import { CopyLink } from './copy-link';
import { LocationSelect, MenuSelect } from './host-fields';

/** "New visitor": the day and the visitor's name make a single-use link to share. */
export function NewLinkForm({ staff, onCreated }: { staff: boolean; onCreated(link: CreatedVisitorLink): void }) {
  const { t } = useTranslation('visitors');
  const [menuId, setMenuId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: () => visitorsApi.createLink({ menu_id: menuId!, guest_name: name.trim(), ...(staff ? { location_id: locationId } : {}) }),
    onSuccess: (link) => {
      setName('');
      if (link) onCreated(link);
    },
  });
  const server = fieldErrorsOf(create.error);
  const missing = {
    menu: tried && !menuId ? t('required') : server.menu_id?.[0],
    location: tried && staff && !locationId ? t('required') : server.location_id?.[0],
    name: tried && !name.trim() ? t('required') : server.guest_name?.[0],
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (menuId && name.trim() && (!staff || locationId)) create.mutate();
  };
  return (
    <section className="card visitors-card" aria-labelledby="visitors-new-title">
      <h2 className="visitors-card__title" id="visitors-new-title">
        {t('new.title')}
      </h2>
      <p className="muted">{t('new.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        {staff && <LocationSelect value={locationId} onChange={setLocationId} error={missing.location} />}
        <MenuSelect value={menuId} onChange={setMenuId} error={missing.menu} />
        <TextField
          label={t('fields.guestName')}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={missing.name}
          autoComplete="off"
        />
        <div aria-live="polite">{create.isError && <Notice tone="error">{errorMessage(create.error, t('new.failed'))}</Notice>}</div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {t('new.submit')}
        </Button>
      </form>
      {create.data && <CopyLink url={create.data.url} />}
    </section>
  );
}
