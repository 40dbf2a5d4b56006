import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { useMenuDishes, visitorsApi } from '../api';
import { LocationSelect, MenuSelect } from './host-fields';

/** "Order for a visitor": the host picks one dish for a named visitor; the company pays. */
export function GuestOrderForm({ staff, onOrdered }: { staff: boolean; onOrdered(): void }) {
  const { t } = useTranslation('visitors');
  const dishFieldId = useId();
  const [menuId, setMenuId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [dishId, setDishId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const menu = useMenuDishes(menuId);
  // Plain dishes only here: a set meal's choices are the visitor link's page's job.
  const dishes = (menu.data?.dishlist?.categories ?? []).flatMap((c) => c.dishes.filter((d) => d.type === 'simple'));
  const order = useMutation({
    mutationFn: () =>
      visitorsApi.orderForVisitor({
        menu_id: menuId!,
        guest_name: name.trim(),
        items: [{ id: dishId!, qty: 1 }],
        delivery_note: note.trim(),
        ...(staff ? { location_id: locationId } : {}),
      }),
    onSuccess: () => {
      setName('');
      setDishId(null);
      setNote('');
      setTried(false);
      onOrdered();
    },
  });
  const server = fieldErrorsOf(order.error);
  const errors = {
    menu: tried && !menuId ? t('required') : server.menu_id?.[0],
    location: tried && staff && !locationId ? t('required') : server.location_id?.[0],
    name: tried && !name.trim() ? t('required') : server.guest_name?.[0],
    dish: tried && !dishId ? t('required') : (server['items.0.id']?.[0] ?? server.items?.[0]),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (menuId && dishId && name.trim() && (!staff || locationId)) order.mutate();
  };
  return (
    <section className="card visitors-card" aria-labelledby="visitors-order-title">
      <h2 className="visitors-card__title" id="visitors-order-title">
        {t('order.title')}
      </h2>
      <p className="muted">{t('order.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        {staff && <LocationSelect value={locationId} onChange={setLocationId} error={errors.location} />}
        <MenuSelect
          value={menuId}
          onChange={(id) => {
            setMenuId(id);
            setDishId(null);
          }}
          error={errors.menu}
        />
        <TextField
          label={t('fields.guestName')}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <div className={`field ${errors.dish ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={dishFieldId}>
            {t('fields.dish')}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            id={dishFieldId}
            className="input"
            required
            disabled={!menuId}
            value={dishId ?? ''}
            aria-invalid={errors.dish ? true : undefined}
            aria-describedby={errors.dish ? `${dishFieldId}-error` : undefined}
            onChange={(e) => setDishId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('fields.dishPick')}</option>
            {dishes.map((d) => (
              <option key={d.id} value={d.id} disabled={d.qty === 0}>
                {d.title}
                {d.allergens.length ? ` (${d.allergens.map((a) => a.title).join(', ')})` : ''}
              </option>
            ))}
          </select>
          {errors.dish && (
            <p className="field__error" id={`${dishFieldId}-error`}>
              {errors.dish}
            </p>
          )}
        </div>
        <TextField label={t('fields.deliveryNote')} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        <div aria-live="polite">
          {order.isError && <Notice tone="error">{errorMessage(order.error, t('order.failed'))}</Notice>}
          {order.isSuccess && <Notice tone="success">{t('order.done')}</Notice>}
        </div>
        <Button type="submit" variant="primary" loading={order.isPending}>
          {t('order.submit')}
        </Button>
      </form>
    </section>
  );
}
