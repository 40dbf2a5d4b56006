import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { startSessionEffects } from './app/session-effects';
import { installFocusGuard } from './lib/focus';
import { warmFormats } from './lib/format';
import { api } from './lib/api';
import { initI18n } from './lib/i18n';
import { useSession } from './lib/session-store';
import './styles/base.css';
import './styles/ui.css';
import './styles/shell.css';

/** The longest the first render waits for GET /app/translations (the texts usually take longer). */
const SERVER_INFO_WAIT_MS = 1500;

startSessionEffects(queryClient);
// Focus never falls to the body when the focused control disappears (decision 021).
installFocusGuard();
const session = useSession.getState();
// The texts start loading first: a lazy route the router starts loading asks for its namespaces
// in the language being started (decision 058).
const texts = initI18n(session.lang, Boolean(session.token));
// A task of its own while the texts download, not part of the first render (decision 095).
setTimeout(() => warmFormats(session.lang), 0);
const router = createAppRouter();
const root = createRoot(document.getElementById('root')!);
/**
 * GET /app/translations says whether payments are the sandbox's; its banner tops every page, and
 * shown after the first paint it pushed the whole page down (layout shift, decision 057). It is
 * asked for beside the texts (the query useTestPayments and useLanguages read), and the first
 * render waits for it a little while at most.
 */
const serverInfo = Promise.race([
  queryClient.prefetchQuery({
    queryKey: ['translations', { lang: session.lang, provider: session.activeProviderId }, null],
    queryFn: ({ signal }) => api.query('/app/translations', { signal, silent: true }),
    staleTime: 10 * 60_000,
  }),
  new Promise((resolve) => setTimeout(resolve, SERVER_INFO_WAIT_MS)),
]);

// Render once the first namespaces are in, so the first paint is already in the right language.
// As a transition: React renders the first tree in slices of about 5 ms and lets the browser in
// between, instead of one task that blocks a slow phone's main thread (decision 095).
Promise.all([texts.catch((error: unknown) => console.error('Translations failed to load', error)), serverInfo]).finally(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
