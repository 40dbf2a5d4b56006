import { useSearchParams } from 'react-router';
import { OrderOutcome } from '../components/order-outcome';

/** /order/success?order_id=…: where a placed order lands (spec 2). */
export function Component() {
  const [params] = useSearchParams();
  return <OrderOutcome kind="success" orderId={params.get('order_id')} />;
}
