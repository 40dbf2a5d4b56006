import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, type FilterSpec } from '../../../components/manage/filter-bar';
import { TextField } from '../../../components/ui/field';
import type { Order } from '../api';

type Group = { location: { id: number; title: string } | null; orders: Order[] };

/** Search and filters narrow the lists on the page; the totals stay the menu's and location's. */
export function useOrderFilters() {
  const [person, setPerson] = useState('');
  const [location, setLocation] = useState('');
  const [shift, setShift] = useState('');
  const [payment, setPayment] = useState('');
  const matches = (o: Order) =>
    (!person.trim() || o.user.first_name.toLocaleLowerCase().includes(person.trim().toLocaleLowerCase())) &&
    (!shift || String(o.shift?.id ?? '') === shift) &&
    (!payment || o.payment_type === payment);
  return {
    values: { person, location, shift, payment },
    set: { person: setPerson, location: setLocation, shift: setShift, payment: setPayment },
    /** The groups of the chosen location, each with only the orders that match. */
    apply: <G extends Group>(groups: readonly G[]): G[] =>
      groups
        .filter((g) => !location || String(g.location?.id ?? 'none') === location)
        .map((g) => ({ ...g, orders: g.orders.filter(matches) })),
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;

/** The filter bar: the customer's name, and the location, shift and payment type among the menu's orders. */
export function OrderFilterBar({ filters, groups }: { filters: OrderFilters; groups: readonly Group[] }) {
  const { t } = useTranslation('orders');
  const { values, set } = filters;
  const all = groups.flatMap((g) => g.orders);
  const shifts = [...new Map(all.flatMap((o) => (o.shift ? [[o.shift.id, o.shift.title] as const] : []))).entries()];
  const payments = [...new Set(all.map((o) => o.payment_type))];
  const any = t('filters.any');
  const selects: FilterSpec<'location' | 'shift' | 'payment'>[] = [
    {
      key: 'location',
      label: t('filters.location'),
      type: 'select',
      any,
      options: groups.map((g) => [String(g.location?.id ?? 'none'), g.location?.title ?? t('noLocation')]),
    },
    { key: 'shift', label: t('columns.shift'), type: 'select', any, options: shifts.map(([id, title]) => [String(id), title]) },
    { key: 'payment', label: t('filters.payment'), type: 'select', any, options: payments.map((p) => [p, t(`paymentType.${p}`)]) },
  ];
  return (
    <div className="ord-filters" role="search" aria-label={t('filters.label')}>
      <TextField label={t('filters.person')} type="search" value={values.person} onChange={(e) => set.person(e.target.value)} />
      <FilterBar filters={selects} values={values} onChange={(key, value) => set[key](value)} />
    </div>
  );
}
