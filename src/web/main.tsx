import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { startSessionEffects } from './app/session-effects';
import { installFocusGuard } from './lib/focus';
import { initI18n } from './lib/i18n';
import { useSession } from './lib/session-store';
import './styles/base.css';
import './styles/ui.css';
import './styles/shell.css';

startSessionEffects(queryClient);
// Focus never falls to the body when the focused control disappears (decision 021).
installFocusGuard();
const router = createAppRouter();
const root = createRoot(document.getElementById('root')!);

// Render once the first namespaces are in, so the first paint is already in the right language.
initI18n(useSession.getState().lang, Boolean(useSession.getState().token))
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
