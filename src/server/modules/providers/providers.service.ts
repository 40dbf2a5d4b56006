import { asc, eq } from 'drizzle-orm';
import type { CreateProviderInput, Provider, ProviderList, UpdateProviderInput } from '../../../shared/schemas/providers.js';
import type { Db, Tx } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
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
    reminder_minutes: p.reminderMinutes,
    legal_name: p.legalName,
    registration_number: p.registrationNumber,
    vat_number: p.vatNumber,
    address: p.address,
    city: p.city,
    postal_code: p.postalCode,
    country: p.country,
    iban: p.iban,
    vat_rate: p.vatRateBp / 100,
    waste_co2e_grams_per_kg: p.wasteCo2eGramsPerKg,
    waste_co2e_source: p.wasteCo2eSource,
    departs_at: p.departsAt === null ? null : p.departsAt.slice(0, 5),
    stop_minutes: p.stopMinutes,
    window_minutes: p.windowMinutes,
    created_at: isoTime(p.createdAt),
  };
}

/** The default provider: the first active one by id, else null (spec: "Default provider: the first in the list"). */
export async function defaultProviderId(db: Db | Tx): Promise<number | null> {
  const rows = await db.select({ id: providers.id }).from(providers).where(eq(providers.status, true)).orderBy(asc(providers.id)).limit(1);
  return rows[0]?.id ?? null;
}

/** The raw `provider_id` of a parsed query object: undefined when absent or empty. */
export function providerIdParam(query: unknown): unknown {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).provider_id : undefined;
  return raw === null || raw === '' ? undefined : raw;
}

/** Who asks for a provider: staff manage inactive providers too; customers and guests see active ones only. */
export interface ProviderAsker {
  staff: boolean;
}

const STAFF_ASKER: ProviderAsker = { staff: true };

/**
 * The one rule for the provider a call is scoped to (decision 026), for every route that uses one:
 * - `provider_id` absent: the default provider (the first active one by id); null when none exists.
 * - `provider_id` given but not the id of an existing provider (unknown, or not an id at all):
 *   422 `{ provider_id: [...] }`, on every route alike (the ordering routes used to fall back silently).
 * - `provider_id` of an inactive provider: staff get it (they manage it); a customer or a guest
 *   gets the default provider, as if none were given (an inactive provider is never offered to them).
 */
export async function resolveProviderIdOrNull(db: Db | Tx, raw: unknown, asker: ProviderAsker = STAFF_ASKER): Promise<number | null> {
  if (raw === undefined) return defaultProviderId(db);
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : NaN;
  const rows =
    Number.isSafeInteger(id) && id > 0
      ? await db.select({ id: providers.id, status: providers.status }).from(providers).where(eq(providers.id, id)).limit(1)
      : [];
  const found = rows[0];
  if (!found) throw fieldError(t.coded('invalid'), { provider_id: [providerText.coded('unknownProvider')] });
  return found.status || asker.staff ? found.id : defaultProviderId(db);
}

/** A 422 on provider_id: no provider exists yet. */
export function noProviderError(): Error {
  return fieldError(t.coded('invalid'), { provider_id: [providerText.coded('noProvider')] });
}

/**
 * Like resolveProviderIdOrNull (staff rules) for a parsed query object, but a 422 on provider_id
 * when no active provider exists either.
 */
export async function resolveProviderId(db: Db | Tx, query: unknown): Promise<number> {
  const id = await resolveProviderIdOrNull(db, providerIdParam(query), { staff: true });
  if (id === null) throw noProviderError();
  return id;
}

/** GET /app/providers; `active` is the request's provider (req.providerOrNull()). */
export async function listProviders(db: Db, user: AuthUser, active: number | null): Promise<ProviderList> {
  const staff = user.role !== 'customer';
  const rows = await db
    .select()
    .from(providers)
    .where(staff ? undefined : eq(providers.status, true))
    .orderBy(asc(providers.id));
  return { data: rows.map(presentProvider), active_provider_id: active };
}

/** The invoice seller fields, the waste summary's CO₂e factor and source (decision 064) and the delivery promises (decision 067) that were sent. */
function sellerValues(input: UpdateProviderInput): Partial<typeof providers.$inferInsert> {
  const set: Partial<typeof providers.$inferInsert> = {};
  if (input.legal_name !== undefined) set.legalName = input.legal_name;
  if (input.registration_number !== undefined) set.registrationNumber = input.registration_number;
  if (input.vat_number !== undefined) set.vatNumber = input.vat_number;
  if (input.address !== undefined) set.address = input.address;
  if (input.city !== undefined) set.city = input.city;
  if (input.postal_code !== undefined) set.postalCode = input.postal_code;
  if (input.country !== undefined) set.country = input.country;
  if (input.iban !== undefined) set.iban = input.iban;
  if (input.vat_rate !== undefined) set.vatRateBp = Math.round(input.vat_rate * 100);
  if (input.waste_co2e_grams_per_kg !== undefined) set.wasteCo2eGramsPerKg = input.waste_co2e_grams_per_kg;
  if (input.waste_co2e_source !== undefined) set.wasteCo2eSource = input.waste_co2e_source;
  if (input.departs_at !== undefined) set.departsAt = input.departs_at;
  if (input.stop_minutes !== undefined) set.stopMinutes = input.stop_minutes;
  if (input.window_minutes !== undefined) set.windowMinutes = input.window_minutes;
  return set;
}

/** A provider's audited fields: the answer without id and creation time (seller details included). */
function auditedProvider(p: ProviderRow): Record<string, unknown> {
  const { id: _id, created_at: _at, ...fields } = presentProvider(p);
  return fields;
}

export async function createProvider(db: Db, input: CreateProviderInput, who: AuditWho): Promise<Provider> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providers)
      .values({
        title: input.title,
        phone: input.phone ?? '',
        email: input.email ?? '',
        status: input.status ?? true,
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.reminder_minutes !== undefined ? { reminderMinutes: input.reminder_minutes } : {}),
        ...sellerValues(input),
      })
      .returning();
    await recordAudit(tx, who, {
      action: 'provider.create',
      entityType: 'provider',
      entityId: row!.id,
      providerId: row!.id,
      after: auditedProvider(row!),
    });
    return presentProvider(row!);
  });
}

export async function updateProvider(db: Db, id: number, input: UpdateProviderInput, who: AuditWho): Promise<Provider> {
  const set: Partial<typeof providers.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.email !== undefined) set.email = input.email;
  if (input.status !== undefined) set.status = input.status;
  if (input.timezone !== undefined) set.timezone = input.timezone;
  if (input.reminder_minutes !== undefined) set.reminderMinutes = input.reminder_minutes;
  Object.assign(set, sellerValues(input));
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
    if (!before) throw new AppError(404, t.coded('notFound'));
    if (!Object.keys(set).length) return presentProvider(before);
    const [after] = await tx.update(providers).set(set).where(eq(providers.id, id)).returning();
    await recordChange(tx, who, {
      action: 'provider.update',
      entityType: 'provider',
      entityId: id,
      providerId: id,
      before: auditedProvider(before),
      after: auditedProvider(after!),
    });
    return presentProvider(after!);
  });
}
