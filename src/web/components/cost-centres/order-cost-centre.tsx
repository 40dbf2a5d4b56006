import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { Notice } from '../ui/notice';
import { CostCentreSelect } from './cost-centre-select';

/**
 * Staff's control of an order's cost centre (decision 075): the choices of the order's location's
 * company; a change is saved at once (PATCH /app/orders/{id}/cost-centre), refused once the order
 * is on an issued invoice (the server's message is shown).
 */
export function OrderCostCentre({ orderId, locationId, value }: { orderId: number; locationId: number; value: number | null }) {
  const { t } = useTranslation('cost-centres');
  const client = useQueryClient();
  const [current, setCurrent] = useState<number | null>(value);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = (id: number | null) => {
    const before = current;
    setCurrent(id);
    setMessage(null);
    api.request(`/app/orders/${orderId}/cost-centre`, { method: 'PATCH', body: { cost_centre_id: id } }).then(
      () => {
        setMessage({ tone: 'success', text: t('order.saved') });
        void client.invalidateQueries({ queryKey: ['orders'] });
      },
      (error: unknown) => {
        setCurrent(before);
        setMessage({ tone: 'error', text: isApiError(error) && error.message ? error.message : t('saveFailed') });
      },
    );
  };
  return (
    <div className="order-cost-centre">
      <CostCentreSelect value={current} onChange={change} locationId={locationId} />
      <div role="status">{message && <Notice tone={message.tone}>{message.text}</Notice>}</div>
    </div>
  );
}
