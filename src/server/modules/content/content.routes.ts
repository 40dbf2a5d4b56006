import { z } from 'zod';
import { allergen, navigation, textBlock, translationsResult } from '../../../shared/schemas/content.js';
import { localLinks } from '../../env.js';
import type { App, Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { userCtx } from '../../lib/context.js';
import { BLOCK_KEYS, getBlock, languages, listAllergens, navigationFor } from './content.service.js';
import { text } from '../../../shared/schemas/text.js';

export async function contentRoutes(app: App, deps: Deps) {
  app.get('/navigation', { config: { access: 'user' }, schema: { tags: ['content'], response: { 200: navigation } } }, async (req) =>
    navigationFor(userCtx(req)),
  );
  app.get(
    '/translations',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: translationsResult } } },
    async (req) => ({ lang: req.lang, languages: languages(), test_payments: testPayments(deps.env), local_links: localLinks(deps.env) }),
  );
  app.get(
    '/allergens',
    { config: { access: 'public' }, schema: { tags: ['content'], response: { 200: z.array(allergen) } } },
    async (req) => listAllergens(req.ctx),
  );
  app.get(
    '/block/:key',
    {
      config: { access: 'public' },
      schema: { tags: ['content'], params: z.object({ key: text().max(100) }), response: { 200: textBlock } },
    },
    async (req) => {
      const key = BLOCK_KEYS.find((k) => k === req.params.key);
      if (!key) throw new AppError(404, t.coded('notFound'));
      return { text: await getBlock(req.ctx, key) };
    },
  );
}

/** Whether payments move no money: the built-in sandbox, or Montonio's sandbox. */
function testPayments(env: Deps['env']): boolean {
  return (
    env.PAYMENT_GATEWAY === 'sandbox' ||
    (env.PAYMENT_GATEWAY === 'montonio' && new URL(env.MONTONIO_API_URL).hostname.startsWith('sandbox-'))
  );
}
