import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { publicBaseUrl, type Env } from '../../env.js';
import { createMontonioGateway, type MontonioGateway } from './montonio.js';

type MontonioEnv = Pick<
  Env,
  'MONTONIO_ACCESS_KEY' | 'MONTONIO_SECRET_KEY' | 'MONTONIO_API_URL' | 'MONTONIO_TIMEOUT_MS' | 'PUBLIC_URL' | 'PORT'
>;

// One gateway per database and configuration, so every module of an app shares one bank-list cache.
const byDb = new WeakMap<Db, Map<string, MontonioGateway>>();

/** The app's Montonio gateway (PAYMENT_GATEWAY=montonio); refunds find Montonio's order uuid in `db`. */
export function montonioGateway(env: MontonioEnv, db: Db, opts: { now?: () => Date; log?: (msg: string) => void } = {}): MontonioGateway {
  const key = [env.MONTONIO_ACCESS_KEY, env.MONTONIO_SECRET_KEY, env.MONTONIO_API_URL, env.MONTONIO_TIMEOUT_MS, publicBaseUrl(env)].join(
    '\n',
  );
  let perDb = byDb.get(db);
  if (!perDb) {
    perDb = new Map();
    byDb.set(db, perDb);
  }
  let gw = perDb.get(key);
  if (!gw) {
    gw = createMontonioGateway({
      accessKey: env.MONTONIO_ACCESS_KEY,
      secretKey: env.MONTONIO_SECRET_KEY,
      apiUrl: env.MONTONIO_API_URL,
      publicUrl: publicBaseUrl(env),
      timeoutMs: env.MONTONIO_TIMEOUT_MS,
      now: opts.now,
      log: opts.log,
      paymentIdOf: async (reference) => {
        const [row] = await db.select({ id: payments.gatewayPaymentId }).from(payments).where(eq(payments.reference, reference));
        return row?.id ?? null;
      },
    });
    perDb.set(key, gw);
  }
  return gw;
}
