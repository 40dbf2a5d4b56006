import { useSearchParams } from 'react-router';
import { OrderOutcome } from '../components/order-outcome';

/** /order/fail: "There was a problem with payment!" (spec 8). */
export function Component() {
  const [params] = useSearchParams();
  return <OrderOutcome kind="fail" orderId={params.get('order_id')} />;
}
