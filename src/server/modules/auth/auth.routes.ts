import { z } from 'zod';
import {
  loginInput,
  loginResult,
  passwordCreateInput,
  passwordEmailInput,
  passwordResetInput,
  registerInvitedInput,
} from '../../../shared/schemas/auth.js';
import { settled } from '../../lib/after-answer.js';
import { revokeSession } from '../../lib/auth.js';
import type { App, Deps } from '../../lib/context.js';
import { authText } from './auth.messages.js';
import { login } from './auth.service.js';
import { createPasswordFromInvite, invitationEmail, registerInvited, requestPasswordReset, resetPassword } from './password.service.js';
import { text } from '../../../shared/schemas/text.js';

const ok = z.object({ ok: z.literal(true) });
const done = z.object({ success: z.literal(true), message: z.string() });

export async function authRoutes(app: App, deps: Deps) {
  // Reset mails are written after their answer; a closing app lets them finish first.
  app.addHook('onClose', async () => settled());

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: loginInput, response: { 200: loginResult } } },
    async (req) => ({ token: await login(req.ctx, { ...req.body, ip: req.ip }) }),
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

  app.post(
    '/password/email',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: passwordEmailInput, response: { 200: done } } },
    async (req) => {
      await requestPasswordReset(req.ctx, deps, {
        email: req.body.email,
        ip: req.ip,
        log: (err) => req.log.error({ err }, 'password reset mail failed'),
      });
      return { success: true as const, message: authText(req.lang, 'resetSent') };
    },
  );
  app.post(
    '/password/reset',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: passwordResetInput, response: { 200: done } } },
    async (req) => {
      await resetPassword(req.ctx, req.body);
      return { success: true as const, message: authText(req.lang, 'passwordReset') };
    },
  );
  app.get(
    '/user/token/:hash',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: z.object({ hash: text().max(200) }), response: { 200: z.object({ email: z.string() }) } },
    },
    async (req) => ({ email: await invitationEmail(req.ctx, req.params.hash) }),
  );
  app.post(
    '/password/create',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: passwordCreateInput, response: { 200: done } } },
    async (req) => {
      await createPasswordFromInvite(req.ctx, req.body);
      return { success: true as const, message: authText(req.lang, 'passwordCreated') };
    },
  );
  app.post(
    '/register-invited',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: registerInvitedInput, response: { 200: done } } },
    async (req) => {
      await registerInvited(req.ctx, deps, { ...req.body, ip: req.ip, log: (err) => req.log.error({ err }, 'sign-up mail failed') });
      return { success: true as const, message: authText(req.lang, 'registered') };
    },
  );
}
