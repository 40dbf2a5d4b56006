import { AUDIT_SECRET, isSecretField, type AuditAction } from '../../shared/schemas/audit.js';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Who acted and in which request: taken from the request (a FastifyRequest fits as it is). */
export interface AuditWho {
  user: { id: number } | null;
  /** The request id (the x-request-id of the answer, the reqId of the logs). */
  id: string;
}

/** One staff change: what, on which entity, and only the fields that changed (small). */
export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId: number | string;
  /** The provider whose data changed; null or absent for provider-less changes (locations, users). */
  providerId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records a staff change in the audit log (design 7). Always inside the transaction of the change
 * itself (`tx`), so a change refused or rolled back leaves no entry and a committed change always
 * has one. The log is append-only: the database refuses UPDATE and DELETE on it (migration 0006).
 */
export async function recordAudit(tx: Tx, who: AuditWho, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: who.user?.id ?? null,
    requestId: who.id,
    providerId: entry.providerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: hideSecrets(entry.before ?? null),
    after: hideSecrets(entry.after ?? null),
  });
}

/**
 * Records a change given the entity's fields before and after it: only the fields that differ
 * (changedFields), and nothing when none does (a save that changes nothing is not a change).
 * Answers whether an entry was written.
 */
export async function recordChange(
  tx: Tx,
  who: AuditWho,
  entry: Omit<AuditEntry, 'before' | 'after'> & { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<boolean> {
  const fields = changedFields(entry.before, entry.after);
  if (!fields) return false;
  await recordAudit(tx, who, { ...entry, ...fields });
  return true;
}

/**
 * Secrets never reach the log (client secrets, passwords, tokens: isSecretField): a secret field
 * keeps its key, so the entry says that it was set or changed, with AUDIT_SECRET for its value (a
 * secret that was not set stays null). Nested objects are walked too.
 */
export function hideSecrets(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (fields === null) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (isSecretField(key)) out[key] = value === null || value === undefined || value === '' ? null : AUDIT_SECRET;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) out[key] = hideSecrets(value as Record<string, unknown>);
    else out[key] = value;
  }
  return out;
}

/**
 * The fields of `after` whose value differs from `before`, as a before/after pair of the same
 * keys; null when nothing changed (the caller then records nothing).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    b[key] = before[key] ?? null;
    a[key] = value;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
