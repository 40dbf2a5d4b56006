import { z } from 'zod';
import { loginInput, loginResult } from '../../../shared/schemas/auth.js';
import { revokeSession } from '../../lib/auth.js';
import type { App, Deps } from '../../lib/context.js';
import { login } from './auth.service.js';

const ok = z.object({ ok: z.literal(true) });

export async function authRoutes(app: App, deps: Deps) {
  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: loginInput, response: { 200: loginResult } } },
    async (req) => ({ token: await login(deps, req.body, req.ip, req.lang) }),
  );

  // The spec allows GET or POST; both only end the caller's own session.
  app.route({
    method: ['GET', 'POST'],
    url: '/logout',
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: ok } },
    handler: async (req) => {
      if (req.user) await revokeSession(deps.database.db, req.user.sessionId);
      return { ok: true as const };
    },
  });
}
