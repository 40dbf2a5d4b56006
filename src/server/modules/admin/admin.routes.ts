import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  frontendExceptionInput,
  frontendExceptionList,
  maintenanceInput,
  outboxList,
  reviewInput,
  reviewList,
} from '../../../shared/schemas/admin.js';
import { profile } from '../../../shared/schemas/account.js';
import { frontendExceptions, mailOutbox, reviews, users } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/context.js';
import { ADMINS, type Role } from '../../../shared/roles.js';
import { userOf } from '../../lib/context.js';
import { forgetCachedUser } from '../../lib/auth.js';
import { recordAudit } from '../../lib/audit.js';
import { getProfile } from '../account/account.service.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { hit } from '../../lib/rate-limit.js';

const ok = z.object({ ok: z.literal(true) });
/** Per user: enough for real use, too few to flood the tables. */
export const FEEDBACK_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export async function adminRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  /** Reviews and error reports a user may send in one window. */
  const perUser = async (kind: string, userId: number) => {
    const { count } = await hit(db, `${kind}:user:${userId}`, FEEDBACK_LIMIT.windowMs);
    if (count > FEEDBACK_LIMIT.count) throw new AppError(429, t.coded('tooManyRequests'));
  };

  app.post(
    '/review/send',
    { config: { access: 'user' }, schema: { tags: ['admin'], body: reviewInput, response: { 200: ok } } },
    async (req) => {
      await perUser('review', userOf(req).id);
      await db.insert(reviews).values({ userId: userOf(req).id, message: req.body.message });
      return { ok: true as const };
    },
  );

  app.post(
    '/frontend-exception',
    { config: { access: 'user' }, schema: { tags: ['admin'], body: frontendExceptionInput, response: { 200: ok } } },
    async (req) => {
      await perUser('frontend-exception', userOf(req).id);
      await db.insert(frontendExceptions).values({
        userId: userOf(req).id,
        environment: req.body.environment,
        boundary: req.body.boundary,
        error: req.body.error,
        errorInfo: req.body.errorInfo,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/maintenance',
    { config: { access: ADMINS, maintenanceExempt: true }, schema: { tags: ['admin'], response: { 200: maintenanceInput } } },
    async () => ({ maintenance: await app.maintenance.isOn() }),
  );
  app.put(
    '/admin/maintenance',
    {
      config: { access: ADMINS, maintenanceExempt: true },
      schema: { tags: ['admin'], body: maintenanceInput, response: { 200: maintenanceInput } },
    },
    async (req) => {
      await app.maintenance.set(req.body.maintenance, req);
      return { maintenance: req.body.maintenance };
    },
  );

  app.get(
    '/admin/reviews',
    { config: { access: ADMINS }, schema: { tags: ['admin'], querystring: listQuery, response: { 200: reviewList } } },
    async (req) => {
      const rows = await db
        .select({
          id: reviews.id,
          message: reviews.message,
          created_at: reviews.createdAt,
          email: users.email,
          first_name: users.firstName,
        })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.userId))
        .orderBy(desc(reviews.id))
        .limit(req.query.limit);
      return { data: rows };
    },
  );

  app.get(
    '/admin/frontend-exceptions',
    { config: { access: ADMINS }, schema: { tags: ['admin'], querystring: listQuery, response: { 200: frontendExceptionList } } },
    async (req) => {
      const rows = await db.select().from(frontendExceptions).orderBy(desc(frontendExceptions.id)).limit(req.query.limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          user_id: r.userId,
          environment: r.environment,
          boundary: r.boundary,
          error: r.error,
          error_info: r.errorInfo,
          user_agent: r.userAgent,
          created_at: r.createdAt,
        })),
      };
    },
  );

  app.get(
    '/admin/outbox',
    { config: { access: ADMINS }, schema: { tags: ['admin'], querystring: listQuery, response: { 200: outboxList } } },
    async (req) => {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(req.query.limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: r.status,
          error: r.error,
          created_at: r.createdAt,
          sent_at: r.sentAt,
        })),
      };
    },
  );

  // The developer role switcher exists only in development builds.
  if (deps.env.NODE_ENV === 'development') {
    const targets: [string, Role][] = [
      ['switch-admin', 'admin'],
      ['switch-kitchen', 'kitchen'],
      ['switch-customer', 'customer'],
    ];
    for (const [name, role] of targets) {
      app.route({
        method: ['GET', 'POST'],
        url: `/develop/${name}`,
        config: { access: 'user' },
        schema: { tags: ['develop'], response: { 200: profile } },
        handler: async (req) => {
          await db.transaction(async (tx) => {
            const [old] = await tx
              .select({ role: users.role })
              .from(users)
              .where(eq(users.id, userOf(req).id))
              .for('update');
            await tx
              .update(users)
              .set({ role })
              .where(eq(users.id, userOf(req).id));
            if (old && old.role !== role) {
              const [before, after] = [{ role: old.role }, { role }];
              await recordAudit(tx, req, { action: 'user.role', entityType: 'user', entityId: userOf(req).id, before, after });
            }
          });
          await forgetCachedUser(db, userOf(req).id);
          return getProfile(db, userOf(req).id);
        },
      });
    }
  }
}
