import { asc, eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { CreateIdentityProviderInput, IdentityProvider, UpdateIdentityProviderInput } from '../../../shared/schemas/identity.js';
import type { Db } from '../../db/client.js';
import { identityProviders, locations } from '../../db/schema/index.js';
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

async function checkLocation(db: Db, locationId: number, lang: Lang): Promise<void> {
  const found = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (found.length === 0) throw fieldError(t(lang, 'invalid'), { location_id: [identityText(lang, 'unknownLocation')] });
}

export async function createIdentityProvider(db: Db, box: SecretBox, input: CreateIdentityProviderInput, lang: Lang): Promise<Row> {
  await checkLocation(db, input.location_id, lang);
  const [row] = await db
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
  return row!;
}

export async function updateIdentityProvider(
  db: Db,
  box: SecretBox,
  id: number,
  input: UpdateIdentityProviderInput,
  lang: Lang,
): Promise<Row> {
  if (input.location_id !== undefined) await checkLocation(db, input.location_id, lang);
  const [row] = await db
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
  if (!row) throw new AppError(404, t(lang, 'notFound'));
  return row;
}

export async function deleteIdentityProvider(db: Db, id: number, lang: Lang): Promise<void> {
  const gone = await db.delete(identityProviders).where(eq(identityProviders.id, id)).returning({ id: identityProviders.id });
  if (gone.length === 0) throw new AppError(404, t(lang, 'notFound'));
}
