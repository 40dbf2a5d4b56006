import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { useUserOrders, type AdminUser } from '../api';

/** A user's latest orders, each linking to its page. */
export function UserOrders({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const orders = useUserOrders(user.id);
  let body;
  if (orders.isPending) body = <Spinner block />;
  else if (!orders.data) body = <Notice tone="error">{errorMessage(orders.error, t('errors.loadFailed'))}</Notice>;
  else if (orders.data.data.length === 0) body = <p>{t('orders.empty')}</p>;
  else
    body = (
      <ul className="user-orders">
        {orders.data.data.map((o) => (
          <li key={o.id}>
            <Link className="link" to={`/order/${o.id}`}>
              {t('orders.number', { id: o.id })}
            </Link>{' '}
            · {o.menu.title} · {formatDateTime(o.created_at, lang)} · {formatEuros(o.amount_to_pay, lang)} ·{' '}
            <span className="muted">{t(`orders.status.${o.status}`, { defaultValue: String(o.status) })}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <Modal
      open
      title={t('orders.title', { name: user.first_name || user.email })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {body}
    </Modal>
  );
}
