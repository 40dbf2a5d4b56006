import { z } from 'zod';

/** The only reader of process.env. Everything configurable is listed here. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** External PostgreSQL. Unset: an embedded server is started under ./data/postgres. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Database connections per app instance. Small pools serve faster on few cores: on the 2-core
   * machine 10 placed 30 % more orders per second than 20 (docs/benchmarks.md). Mind the
   * server's max_connections times the number of instances.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** Where the embedded PostgreSQL keeps its files. */
  DATA_DIR: z.string().default('./data/postgres'),
  /** Port of the embedded PostgreSQL. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /**
   * The embedded PostgreSQL's data is thrown away when the app stops (the journeys' servers): no
   * flushing to disk (fsync, synchronous_commit, full_page_writes off), files removed on stop.
   * Never for data anyone keeps: a crash loses it.
   */
  EMBEDDED_PG_THROWAWAY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@host:587. Unset: mail is kept in the outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pusdienas <no-reply@lunch.local>'),
  /**
   * Public address of the app, used in e-mailed links and payment redirects. Links are never
   * built from the request's Host header; unset means http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Secret that signs payment notifications (at least 16 characters). Unset: a random secret is
   * made once and kept in the database, so every instance shares it.
   */
  PAYMENT_SECRET: z
    .string()
    .refine((v) => v === '' || v.length >= 16, 'at least 16 characters')
    .default(''),
  /**
   * Key that encrypts secrets kept in the database (identity providers' client secrets), at least
   * 32 characters. Unset: a random key is made once and kept in the database (decision 022).
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => v === '' || v.length >= 32, 'at least 32 characters')
    .default(''),
  /**
   * Card and bank payments: 'sandbox' is the built-in test gateway (its approve page moves no
   * money; for demos and tests); 'montonio' is Montonio (MONTONIO_* below, decision 035); 'none'
   * offers cash only. Unset: 'sandbox' only on a laptop (the embedded database and PUBLIC_URL
   * unset or on localhost/127.0.0.1), else 'none' with a warning at start (see `resolveEnv`).
   */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'montonio', 'none']).optional(),
  /** Montonio (PAYMENT_GATEWAY=montonio): the store's access key from Montonio's Partner System. */
  MONTONIO_ACCESS_KEY: z.string().default(''),
  /** Montonio: the store's secret key; signs our requests and checks Montonio's notifications. */
  MONTONIO_SECRET_KEY: z.string().default(''),
  /** Montonio's Stargate API; the sandbox by default, https://stargate.montonio.com/api for real payments. */
  MONTONIO_API_URL: z.string().url().default('https://sandbox-stargate.montonio.com/api'),
  /** Milliseconds a call to Montonio may take before it is given up (the payer sees a clear error). */
  MONTONIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Minutes an unpaid card or bank order keeps its stock. Short, because a held order keeps
   * dishes from everyone else (a customer has at most one unpaid order per menu).
   */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(10),
  /** Seed demo data into an empty embedded database on start. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Minutes today's demo menu stays open at least, counted from when it is seeded (0: it closes at
   * its usual 23:59 Riga). The browser journeys' server sets it, so a run that starts just before
   * midnight still finds today's menu open throughout.
   */
  DEMO_MIN_OPEN_MINUTES: z.coerce.number().int().min(0).max(1440).default(0),
  /** Built SPA to serve. */
  WEB_DIST: z.string().default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** Trust X-Forwarded-* from a load balancer. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Bearer token that GET /metrics (Prometheus) asks for, at least 16 characters. Unset: /metrics
   * does not exist (404).
   */
  METRICS_TOKEN: z
    .string()
    .refine((v) => v === '' || v.length >= 16, 'at least 16 characters')
    .default(''),
  /**
   * Time every answer for the request histogram of GET /metrics. `false` leaves the per-answer
   * work out (the benchmark measures its cost this way); the other metrics stay.
   */
  METRICS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Seconds a stopping instance waits for requests in flight before it closes their connections. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Tests only: the API walk's seed and runs per operation (src/server/api-walk.test.ts). */
  API_WALK_SEED: z.coerce.number().int().default(20_260_301),
  API_WALK_RUNS: z.coerce.number().int().min(1).max(10_000).default(80),
  /** Tests only: a PostgreSQL server (maintenance URL) to use instead of starting an embedded one. */
  TEST_DATABASE_URL: z.string().url().optional(),
  /** Run background jobs (reminders, payment expiry) in this instance. */
  JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

type Parsed = z.infer<typeof schema>;

/** The configuration with the defaults that depend on other variables resolved. */
export type Env = Omit<Parsed, 'PAYMENT_GATEWAY'> & {
  PAYMENT_GATEWAY: 'sandbox' | 'montonio' | 'none';
  /** What the start should warn about (printed once by index.ts). */
  warnings: string[];
};

/**
 * A "laptop" run uses the embedded database (no DATABASE_URL): there the demo defaults apply
 * (sandbox payments, links to http://localhost:PORT). Anything with DATABASE_URL is treated as
 * a real deployment.
 */
export function isLaptop(env: Pick<Parsed, 'DATABASE_URL'>): boolean {
  return !env.DATABASE_URL;
}

/** PUBLIC_URL unset, or an address only this machine opens (localhost, 127.x.x.x, [::1]). */
export function isLocalAddress(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  const host = new URL(publicUrl).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

function resolveEnv(parsed: Parsed): Env {
  const warnings: string[] = [];
  const laptop = isLaptop(parsed);
  let gateway = parsed.PAYMENT_GATEWAY;
  if (!gateway) {
    // The sandbox approves payments without sign-in and moves no money: a default only where no one
    // else can reach the app (the embedded database and a local address). A production install on
    // the embedded database (docs/operations.md) is cash only until it names its gateway.
    const demo = laptop && isLocalAddress(parsed.PUBLIC_URL);
    gateway = demo ? 'sandbox' : 'none';
    if (!demo) {
      warnings.push(
        'PAYMENT_GATEWAY is not set: card and bank payments are off (cash only). Set PAYMENT_GATEWAY=sandbox only for a test installation: the sandbox approves payments without moving money.',
      );
    }
  }
  if (gateway === 'montonio' && (!parsed.MONTONIO_ACCESS_KEY || !parsed.MONTONIO_SECRET_KEY)) {
    throw new Error('Invalid configuration:\n  PAYMENT_GATEWAY=montonio needs MONTONIO_ACCESS_KEY and MONTONIO_SECRET_KEY');
  }
  // Labels' QR codes and invitation links must open on a phone: a loopback address never does.
  if (localLinks(parsed)) {
    const what = parsed.PUBLIC_URL ? `PUBLIC_URL is ${parsed.PUBLIC_URL}, this machine only` : 'PUBLIC_URL is not set';
    warnings.push(
      `${what}: e-mailed and shown links (password reset, invitations) and the labels' QR codes point to ${publicBaseUrl(parsed)}, which no phone or other computer can open. Set PUBLIC_URL to the address people open.`,
    );
  }
  return { ...parsed, PAYMENT_GATEWAY: gateway, warnings };
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return resolveEnv(parsed.data);
}

/**
 * Links point to this machine only: PUBLIC_URL unset (http://localhost:PORT) or a loopback address
 * (localhost, 127.x, ::1, 0.0.0.0). The start warns, and the kitchen's print-outs say so.
 */
export function localLinks(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  if (!env.PUBLIC_URL) return true;
  const host = new URL(env.PUBLIC_URL).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0';
}

/** Base address for links the app sends out (e-mail). */
export function publicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
