/**
 * The cost centre an order is booked to (issue 29, decision 073): the one the order names (null:
 * none, even with a default), else the eater's default (users.cost_centre_id, read by the customer
 * query), else none. One the order
 * names that is not the default is checked with one read: an active cost centre of the eater's
 * company (cost_centres.company_registration = their location's registration number).
 */
import type { Db } from '../../db/client.js';
import { fieldError } from '../../lib/errors.js';
import { orderingText } from './ordering.messages.js';
import type { CustomerState } from './ordering.users.js';

const COST_CENTRE_SQL = `select 1 from cost_centres where id = $1::int and active and company_registration = $2::text`;

/** The order's cost centre (null: none; undefined: the eater's default, as the check takes it), or the 422 on `cost_centre_id`. */
export async function orderCostCentre(
  db: { $client: Pick<Db['$client'], 'query'> },
  state: Pick<CustomerState, 'costCentreId' | 'companyRegistration'> | null,
  requested: number | null | undefined,
): Promise<number | null | undefined> {
  if (requested === null) return null;
  if (requested === undefined || !state || requested === state.costCentreId) return undefined;
  const found =
    state.companyRegistration !== null &&
    (await db.$client.query({ name: 'order-cost-centre', text: COST_CENTRE_SQL, values: [requested, state.companyRegistration] }))
      .rowCount === 1;
  if (!found) throw fieldError(orderingText.coded('orderInvalid'), { cost_centre_id: [orderingText.coded('costCentreInvalid')] });
  return requested;
}
