import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { providers } from './providers.js';

/**
 * Staff actions (design 7): who, when, what, before/after. Written in the same transaction as the
 * change it records (src/server/lib/audit.ts); append-only, a trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member (or manager) who acted; kept as null when the account is deleted. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The provider whose data changed; null for provider-less changes (locations, users). */
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** Only the changed fields, before and after (null when the entity did not exist / no longer exists). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_provider_at_idx').on(t.providerId, t.at.desc()),
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
