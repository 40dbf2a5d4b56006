import { useLocation, useSearchParams } from 'react-router';
import { OrderOutcome } from '../components/order-outcome';

/** /order/success?order_id=…: where a placed order lands (spec 2); staff see whom it was for. */
export function Component() {
  const [params] = useSearchParams();
  const state: unknown = useLocation().state;
  const forUser = state && typeof state === 'object' && 'forUser' in state && typeof state.forUser === 'string' ? state.forUser : null;
  return <OrderOutcome kind="success" orderId={params.get('order_id')} forUser={forUser} />;
}
