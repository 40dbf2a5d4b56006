import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FilterBar, type FilterSpec } from '../../../components/manage/filter-bar';
import { TextField } from '../../../components/ui/field';
import type { Order, OrderSectionsResult } from '../api';
import { sectionKey, type SectionKey } from '../filter';

/** Search and filters narrow the lists on the page; the totals stay the menu's and location's. */
export function useOrderFilters() {
  const [person, setPerson] = useState('');
  const [location, setLocation] = useState('');
  const [shift, setShift] = useState('');
  const [payment, setPayment] = useState('');
  return {
    values: { person, location, shift, payment },
    set: { person: setPerson, location: setLocation, shift: setShift, payment: setPayment },
    /** Whether the person, shift or payment filter narrows the orders (the location one picks sections). */
    narrows: Boolean(person.trim() || shift || payment),
    /** Whether a section is shown: the chosen location's only. */
    shows: (key: SectionKey) => !location || key === location,
    /** The orders that match. */
    apply: (orders: readonly Order[]): Order[] =>
      orders.filter(
        (o) =>
          (!person.trim() || o.user.first_name.toLocaleLowerCase().includes(person.trim().toLocaleLowerCase())) &&
          (!shift || String(o.shift?.id ?? '') === shift) &&
          (!payment || o.payment_type === payment),
      ),
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;

/** The filter bar: the customer's name, and the location, shift and payment type among the menu's orders (from its sections). */
export function OrderFilterBar({ filters, sections }: { filters: OrderFilters; sections: OrderSectionsResult }) {
  const { t } = useTranslation('orders');
  const { values, set } = filters;
  const any = t('filters.any');
  const selects: FilterSpec<'location' | 'shift' | 'payment'>[] = [
    {
      key: 'location',
      label: t('filters.location'),
      type: 'select',
      any,
      options: sections.sections.map((g) => [sectionKey(g.location), g.location?.title ?? t('noLocation')]),
    },
    { key: 'shift', label: t('columns.shift'), type: 'select', any, options: sections.shifts.map((s) => [String(s.id), s.title]) },
    {
      key: 'payment',
      label: t('filters.payment'),
      type: 'select',
      any,
      options: sections.payment_types.map((p) => [p, t(`paymentType.${p}`)]),
    },
  ];
  return (
    <div className="ord-filters" role="search" aria-label={t('filters.label')}>
      <TextField label={t('filters.person')} type="search" value={values.person} onChange={(e) => set.person(e.target.value)} />
      <FilterBar filters={selects} values={values} onChange={(key, value) => set[key](value)} />
    </div>
  );
}
