import { useMutation } from '@tanstack/react-query';
import type { CreateVisitorLinkInput } from '../../../../shared/schemas/visitors';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CostCentreSelect } from '../../../components/cost-centres/cost-centre-select';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { visitorsApi, type CreatedVisitorLink } from '../api';
import { EMPTY_LINK, linkForm } from '../host-forms';
import { CopyLink } from '../../../components/ui/copy-link';
import { LocationSelect, MenuSelect } from './host-fields';

const SHOWN = /^(menu_id|location_id|guest_name)$/;

/** "New visitor": the day and the visitor's name make a single-use link to share. */
export function NewLinkForm({ staff, onCreated }: { staff: boolean; onCreated(link: CreatedVisitorLink): void }) {
  const { t } = useTranslation('visitors');
  const form = useSchemaForm(linkForm(staff), { defaultValues: EMPTY_LINK });
  const field = fieldBinder(form);
  // The cost centre the company books it to: the host's default until they choose another.
  const [costCentre, setCostCentre] = useState<number | null | undefined>(undefined);
  const locationId = staff ? Number(form.watch('location_id')) || undefined : undefined;
  const create = useMutation({
    mutationFn: (input: CreateVisitorLinkInput) => visitorsApi.createLink(input),
    onSuccess: (link) => {
      form.setValue('guest_name', '');
      if (link) onCreated(link);
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const submit = form.handleSubmit(
    (input) => {
      if (!create.isPending) create.mutate({ ...input, cost_centre_id: costCentre ?? null });
    },
    () => create.reset(),
  );
  return (
    <section className="card visitors-card" aria-labelledby="visitors-new-title">
      <h2 className="visitors-card__title" id="visitors-new-title">
        {t('new.title')}
      </h2>
      <p className="muted">{t('new.intro')}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="visitors-new-title">
        {staff && <LocationSelect field={field('location_id')} />}
        <MenuSelect field={field('menu_id')} />
        <TextField label={t('fields.guestName')} required maxLength={100} autoComplete="off" {...field('guest_name')} />
        <CostCentreSelect value={costCentre} onChange={setCostCentre} locationId={locationId} />
        <div aria-live="polite">{create.isError && <Notice tone="error">{errorMessage(create.error, t('new.failed'))}</Notice>}</div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          {t('new.submit')}
        </Button>
      </form>
      {create.data && <CopyLink className="copy-link" url={create.data.url} label={t('link.url')} hint={t('link.hint')} />}
    </section>
  );
}
