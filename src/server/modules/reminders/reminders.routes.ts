import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ADMINS } from '../../../shared/roles.js';
import { recordAudit } from '../../lib/audit.js';
import {
  pushKey,
  pushResult,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  reminderRunResult,
  unsubscribeInput,
  unsubscribeQuery,
  unsubscribeResult,
} from '../../../shared/schemas/reminders.js';
import { pushSubscriptions, users } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { BROWSER_PUSH_SERVICES, pushEndpoint } from '../../lib/push-services.js';
import { vapidKeys } from './push.js';
import { remindersText } from './reminders.messages.js';
import { sendDueReminders, unsubscribe } from './reminders.service.js';

export async function remindersRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  // The RFC 8058 one-click POST comes as a form (List-Unsubscribe=One-Click); only this route reads forms.
  await app.register(async (scope: App) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(
      '/reminders/unsubscribe',
      {
        config: { access: 'public' },
        schema: { tags: ['reminders'], querystring: unsubscribeQuery, body: unsubscribeInput, response: { 200: unsubscribeResult } },
      },
      async (req) => {
        const token = req.body?.token ?? req.query.token ?? '';
        if (!(await unsubscribe(deps, token))) {
          throw fieldError(t.coded('invalid'), { token: [remindersText.coded('linkInvalid')] });
        }
        return { success: true as const, message: remindersText(req.lang, 'unsubscribed') };
      },
    );
  });

  app.post(
    '/reminders/run',
    { config: { access: ADMINS }, schema: { tags: ['reminders'], response: { 200: reminderRunResult } } },
    // The run's reminders are claimed and sent one by one (a run stopped half way keeps what it
    // sent); the administrator's run is then recorded with what it sent, even nothing.
    async (req) => {
      const run = await sendDueReminders(deps);
      await db.transaction((tx) =>
        recordAudit(tx, req, {
          action: 'reminders.run',
          entityType: 'setting',
          entityId: 'reminders',
          after: { emails_sent: run.email, push_sent: run.push },
        }),
      );
      return run;
    },
  );

  app.get('/push/key', { config: { access: 'user' }, schema: { tags: ['reminders'], response: { 200: pushKey } } }, async () => ({
    public_key: (await vapidKeys(db, deps.env)).publicKey,
  }));

  app.post(
    '/push/subscriptions',
    { config: { access: 'user' }, schema: { tags: ['reminders'], body: pushSubscriptionInput, response: { 200: pushResult } } },
    async (req) => {
      const user = userOf(req);
      const { endpoint, keys } = req.body;
      // Only the browsers' push services (lib/push-services.ts): anything else would make the
      // reminder job POST wherever a signed-in user says (internal hosts, the metadata address).
      if (!pushEndpoint(deps.pushServices ?? BROWSER_PUSH_SERVICES, endpoint)) {
        throw fieldError(t.coded('invalid'), { endpoint: [t.coded('invalidValue')] });
      }
      await db.transaction(async (tx) => {
        // A browser's subscription moves to whoever registers it last only with proof that they
        // hold it: its keys (the browser's public key and auth secret, which only the browser and
        // this server know). Another user who merely knows the endpoint gets the same answer, and
        // the subscription stays where it was.
        const [held] = await tx
          .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, endpoint))
          .for('update');
        if (!held) {
          await tx
            .insert(pushSubscriptions)
            .values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
            .onConflictDoNothing({ target: pushSubscriptions.endpoint });
        } else if (held.userId === user.id) {
          await tx.update(pushSubscriptions).set({ p256dh: keys.p256dh, auth: keys.auth }).where(eq(pushSubscriptions.endpoint, endpoint));
        } else if (sameSecret(held.p256dh, keys.p256dh) && sameSecret(held.auth, keys.auth)) {
          await tx.update(pushSubscriptions).set({ userId: user.id }).where(eq(pushSubscriptions.endpoint, endpoint));
        }
        await tx.update(users).set({ lang: req.lang }).where(eq(users.id, user.id));
      });
      return { message: remindersText(req.lang, 'pushSubscribed') };
    },
  );

  app.post(
    '/push/subscriptions/remove',
    { config: { access: 'user' }, schema: { tags: ['reminders'], body: pushUnsubscribeInput, response: { 200: pushResult } } },
    async (req) => {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userOf(req).id), eq(pushSubscriptions.endpoint, req.body.endpoint)));
      return { message: remindersText(req.lang, 'pushUnsubscribed') };
    },
  );
}

/** Constant-time equality of two key strings (the auth secret is one). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
