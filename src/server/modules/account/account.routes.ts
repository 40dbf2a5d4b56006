import { z } from 'zod';
import { profile, updateProfileInput } from '../../../shared/schemas/account.js';
import { changePasswordInput } from '../../../shared/schemas/auth.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx, userOf } from '../../lib/context.js';
import { accountText } from './account.messages.js';
import { changePassword, getProfile, updateProfile } from './account.service.js';

export async function accountRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  // The web loads /me at start and again on a language switch: the language in use is remembered.
  app.get('/me', { config: { access: 'user' }, schema: { tags: ['account'], response: { 200: profile } } }, async (req) =>
    getProfile(db, userOf(req).id, req.lang),
  );
  app.post(
    '/me',
    { config: { access: 'user' }, schema: { tags: ['account'], body: updateProfileInput, response: { 200: profile } } },
    async (req) => updateProfile(userCtx(req), req.body),
  );
  app.post(
    '/me/password/change',
    {
      config: { access: 'user' },
      schema: { tags: ['account'], body: changePasswordInput, response: { 200: z.object({ message: z.string() }) } },
    },
    async (req) => {
      await changePassword(db, userOf(req), req.body);
      return { message: accountText(req.lang, 'passwordChanged') };
    },
  );
}
