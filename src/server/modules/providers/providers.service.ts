import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_LANG, type Lang } from '../../../shared/i18n.js';
import type { CreateProviderInput, Provider, ProviderList, UpdateProviderInput } from '../../../shared/schemas/providers.js';
import type { Db, Tx } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { providerText } from './providers.messages.js';
import { isoTime } from '../../lib/time.js';

type ProviderRow = typeof providers.$inferSelect;

export function presentProvider(p: ProviderRow): Provider {
  return {
    id: p.id,
    title: p.title,
    phone: p.phone,
    email: p.email,
    status: p.status,
    timezone: p.timezone,
    created_at: isoTime(p.createdAt),
  };
}

/** The default provider: the first active one by id, else null. */
export async function defaultProviderId(db: Db | Tx): Promise<number | null> {
  const rows = await db.select({ id: providers.id }).from(providers).where(eq(providers.status, true)).orderBy(asc(providers.id)).limit(1);
  return rows[0]?.id ?? null;
}

/** Reads ?provider_id= without failing: its id when it names a provider, undefined when absent, null when unknown. */
async function askedProviderId(db: Db | Tx, query: unknown): Promise<number | null | undefined> {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).provider_id : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id)).limit(1);
  return rows[0]?.id ?? null;
}

/**
 * The provider a call is scoped to: `?provider_id=` when given (any provider, also an inactive
 * one, so staff can manage it), else the first active provider by id.
 * Throws 422 `{ provider_id: [...] }` for an unknown id, or when no active provider exists.
 */
export async function resolveProviderId(db: Db | Tx, query: unknown, lang: Lang = DEFAULT_LANG): Promise<number> {
  const asked = await askedProviderId(db, query);
  if (asked === null) throw fieldError(t(lang, 'invalid'), { provider_id: [providerText(lang, 'unknownProvider')] });
  if (asked !== undefined) return asked;
  const id = await defaultProviderId(db);
  if (id === null) throw fieldError(t(lang, 'invalid'), { provider_id: [providerText(lang, 'noProvider')] });
  return id;
}

/** Like resolveProviderId, but null instead of an error when there is no provider at all (lists answer empty). */
export async function resolveProviderIdOrNull(db: Db | Tx, query: unknown, lang: Lang = DEFAULT_LANG): Promise<number | null> {
  const asked = await askedProviderId(db, query);
  if (asked === null) throw fieldError(t(lang, 'invalid'), { provider_id: [providerText(lang, 'unknownProvider')] });
  return asked ?? defaultProviderId(db);
}

export async function listProviders(db: Db, user: AuthUser, query: unknown, lang: Lang): Promise<ProviderList> {
  const staff = user.role !== 'customer';
  const rows = await db
    .select()
    .from(providers)
    .where(staff ? undefined : eq(providers.status, true))
    .orderBy(asc(providers.id));
  let active = await resolveProviderIdOrNull(db, query, lang);
  // A customer asking for an inactive provider falls back to the default one.
  if (!staff && active !== null && !rows.some((r) => r.id === active)) active = await defaultProviderId(db);
  return { data: rows.map(presentProvider), active_provider_id: active };
}

export async function createProvider(db: Db, input: CreateProviderInput): Promise<Provider> {
  const [row] = await db
    .insert(providers)
    .values({
      title: input.title,
      phone: input.phone ?? '',
      email: input.email ?? '',
      status: input.status ?? true,
      ...(input.timezone ? { timezone: input.timezone } : {}),
    })
    .returning();
  return presentProvider(row!);
}

export async function updateProvider(db: Db, id: number, input: UpdateProviderInput, lang: Lang): Promise<Provider> {
  const set: Partial<typeof providers.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.email !== undefined) set.email = input.email;
  if (input.status !== undefined) set.status = input.status;
  if (input.timezone !== undefined) set.timezone = input.timezone;
  const rows = Object.keys(set).length
    ? await db.update(providers).set(set).where(eq(providers.id, id)).returning()
    : await db.select().from(providers).where(and(eq(providers.id, id)));
  if (!rows[0]) throw new AppError(404, t(lang, 'notFound'));
  return presentProvider(rows[0]);
}
