import { useSearchParams } from 'react-router';
import { OrderOutcome } from '../components/order-outcome';

/** /order/result: where the payment gateway returns; failed when statusGroup=failed, else success (spec 2). */
export function Component() {
  const [params] = useSearchParams();
  const failed = params.get('statusGroup') === 'failed';
  return <OrderOutcome kind={failed ? 'fail' : 'success'} orderId={params.get('order_id')} />;
}
