import { asc, eq } from 'drizzle-orm';
import type { CreateIdentityProviderInput, IdentityProvider, UpdateIdentityProviderInput } from '../../../shared/schemas/identity.js';
import type { Db } from '../../db/client.js';
import { identityProviders, locations } from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { identityText } from './identity.messages.js';

type Row = typeof identityProviders.$inferSelect;

/** Administrators' view of a provider: everything but the secret. */
export function presentProvider(row: Row, redirectUri: string): IdentityProvider {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretEnc.length > 0,
    allowed_domains: row.allowedDomains,
    location_id: row.locationId,
    enabled: row.enabled,
    redirect_uri: redirectUri,
  };
}

export async function listIdentityProviders(db: Db): Promise<Row[]> {
  return db.select().from(identityProviders).orderBy(asc(identityProviders.id));
}

async function checkLocation(db: Db, locationId: number): Promise<void> {
  const found = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (found.length === 0) throw fieldError(t.coded('invalid'), { location_id: [identityText.coded('unknownLocation')] });
}

/**
 * A company sign-in's audited fields. `client_secret` is here only so a change is seen: the audit
 * log never writes its value (recordAudit hides secret fields), only that it was set or changed.
 */
function audited(row: Row): Record<string, unknown> {
  return {
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret: row.clientSecretEnc,
    allowed_domains: row.allowedDomains,
    location_id: row.locationId,
    enabled: row.enabled,
  };
}

export async function createIdentityProvider(db: Db, box: SecretBox, input: CreateIdentityProviderInput, who: AuditWho): Promise<Row> {
  await checkLocation(db, input.location_id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(identityProviders)
      .values({
        name: input.name,
        issuer: input.issuer.replace(/\/$/, ''),
        clientId: input.client_id,
        clientSecretEnc: box.seal(input.client_secret),
        allowedDomains: [...new Set(input.allowed_domains)],
        locationId: input.location_id,
        enabled: input.enabled,
      })
      .returning();
    await recordAudit(tx, who, {
      action: 'identity_provider.create',
      entityType: 'identity_provider',
      entityId: row!.id,
      after: audited(row!),
    });
    return row!;
  });
}

export async function updateIdentityProvider(
  db: Db,
  box: SecretBox,
  id: number,
  input: UpdateIdentityProviderInput,
  who: AuditWho,
): Promise<Row> {
  if (input.location_id !== undefined) await checkLocation(db, input.location_id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(identityProviders).where(eq(identityProviders.id, id)).for('update');
    if (!before) throw new AppError(404, t.coded('notFound'));
    const [row] = await tx
      .update(identityProviders)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.issuer !== undefined && { issuer: input.issuer.replace(/\/$/, '') }),
        ...(input.client_id !== undefined && { clientId: input.client_id }),
        ...(input.client_secret !== undefined && { clientSecretEnc: box.seal(input.client_secret) }),
        ...(input.allowed_domains !== undefined && { allowedDomains: [...new Set(input.allowed_domains)] }),
        ...(input.location_id !== undefined && { locationId: input.location_id }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
        updatedAt: new Date(),
      })
      .where(eq(identityProviders.id, id))
      .returning();
    await recordChange(tx, who, {
      action: 'identity_provider.update',
      entityType: 'identity_provider',
      entityId: id,
      before: audited(before),
      after: audited(row!),
    });
    return row!;
  });
}

export async function deleteIdentityProvider(db: Db, id: number, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(identityProviders).where(eq(identityProviders.id, id)).returning();
    if (!gone) throw new AppError(404, t.coded('notFound'));
    await recordAudit(tx, who, {
      action: 'identity_provider.delete',
      entityType: 'identity_provider',
      entityId: id,
      before: audited(gone),
    });
  });
}
