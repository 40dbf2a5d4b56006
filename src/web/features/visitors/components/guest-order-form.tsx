import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { HostOrderInput } from '../../../../shared/schemas/visitors';
import { SetMealOptions, setMealChoices, setMealComplete, type SetMealChosen } from '../../../components/set-meals/set-meal-options';
import { Button } from '../../../components/ui/button';
import { CostCentreSelect } from '../../../components/cost-centres/cost-centre-select';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { useMenuDishes, visitorsApi } from '../api';
import { EMPTY_ORDER, guestOrderForm } from '../host-forms';
import { DishSelect, LocationSelect, MenuSelect } from './host-fields';

const SHOWN = /^(menu_id|location_id|guest_name|delivery_note)$/;

/** "Order for a visitor": the host picks one dish or set meal (and its options) for a named visitor; the company pays. */
export function GuestOrderForm({ staff, onOrdered }: { staff: boolean; onOrdered(): void }) {
  const { t } = useTranslation('visitors');
  const form = useSchemaForm(guestOrderForm(staff), { defaultValues: EMPTY_ORDER });
  const field = fieldBinder(form);
  // The cost centre the company books it to: the host's default until they choose another.
  const [costCentre, setCostCentre] = useState<number | null | undefined>(undefined);
  const locationId = staff ? Number(form.watch('location_id')) || undefined : undefined;
  const menuId = Number(form.watch('menu_id')) || null;
  const menu = useMenuDishes(menuId);
  const dishes = menuId
    ? (menu.data?.dishlist?.categories ?? []).flatMap((c) => c.dishes.filter((d) => d.type === 'simple' || d.type === 'complex'))
    : [];
  const dish = dishes.find((d) => d.id === Number(form.watch('dish_id'))) ?? null;
  const groups = dish?.type === 'complex' ? dish.complex : [];
  // A set meal's options, per set meal (a new dish starts with none chosen).
  const [chosen, setChosen] = useState<{ dishId: number | null; options: SetMealChosen }>({ dishId: null, options: {} });
  const options = chosen.dishId === (dish?.id ?? null) ? chosen.options : {};
  const [incomplete, setIncomplete] = useState(false);
  const order = useMutation({
    mutationFn: (input: HostOrderInput) => visitorsApi.orderForVisitor(input),
    onSuccess: () => {
      form.reset({ ...EMPTY_ORDER, menu_id: form.getValues('menu_id'), location_id: form.getValues('location_id') });
      setChosen({ dishId: null, options: {} });
      onOrdered();
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const submit = form.handleSubmit(
    (input) => {
      const missing = !setMealComplete(groups, options);
      setIncomplete(missing);
      if (missing || order.isPending) return;
      const complex = groups.length ? { complex: setMealChoices(groups, options) } : {};
      order.mutate({ ...input, items: input.items.map((i) => ({ ...i, ...complex })), cost_centre_id: costCentre ?? null });
    },
    () => order.reset(),
  );
  return (
    <section className="card visitors-card" aria-labelledby="visitors-order-title">
      <h2 className="visitors-card__title" id="visitors-order-title">
        {t('order.title')}
      </h2>
      <p className="muted">{t('order.intro')}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="visitors-order-title">
        {staff && <LocationSelect field={field('location_id')} />}
        <MenuSelect field={field('menu_id')} />
        <TextField label={t('fields.guestName')} required maxLength={100} autoComplete="off" {...field('guest_name')} />
        <DishSelect field={field('dish_id')} dishes={dishes} />
        {groups.length > 0 && (
          <SetMealOptions
            groups={groups}
            chosen={options}
            onChoose={(g, o) => {
              setChosen({ dishId: dish!.id, options: { ...options, [g]: o } });
              setIncomplete(false);
            }}
          />
        )}
        <TextField label={t('fields.deliveryNote')} maxLength={200} {...field('delivery_note')} />
        <CostCentreSelect value={costCentre} onChange={setCostCentre} locationId={locationId} />
        <div aria-live="polite">
          {incomplete && <Notice tone="error">{t('order.chooseOptions')}</Notice>}
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
