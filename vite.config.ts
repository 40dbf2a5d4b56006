import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { KDS_CACHE } from './src/web/lib/offline-cache';

/** Where the Fastify server expects the built SPA (served with history fallback). */
const OUT_DIR = 'dist/web';
/** Dev server: API calls go to the local Fastify app. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
/** Source maps and compressed sizes in the build (decision 094). */
const BUILD_REPORT = process.env.BUILD_REPORT === '1';

// `/app` exactly or `/app/...` / `/app?...`, never SPA paths that merely start with "app".
const apiProxy = {
  '^/app(?:/|\\?|$)': { target: API_TARGET, changeOrigin: true },
};

/**
 * Installable app and service worker (decision 023):
 * - the shell (hashed JS, CSS, icons) is precached; a new deploy's worker takes over at once
 *   (autoUpdate) and drops the old precache;
 * - page navigations are network-first: the newest index.html whenever the server answers, the
 *   last one (one cache entry for every SPA path) only when offline;
 * - API answers (/app/) are never cached, except the kitchen display's (GET /app/kitchen/{id} and
 *   its tickets, GET /app/kitchen/{id}/tickets),
 *   network-first, so /kds shows its last data when the network is gone.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Pusdienas',
    short_name: 'Pusdienas',
    description: 'Pusdienu pasūtīšana komandām',
    lang: 'lv',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f5f6f2',
    theme_color: '#0f766e',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // No HTML in the precache: index.html comes from the network (below), so a deploy is seen at once.
    globPatterns: ['**/*.{js,css,svg,png,woff2}'],
    navigateFallback: null,
    // Reminder notifications (decision 033): the push and notificationclick handlers.
    importScripts: ['/push-sw.js'],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname !== '/app' && !url.pathname.startsWith('/app/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 5,
          // Every SPA path answers the same index.html: keep one copy for offline use.
          // Only an HTML answer may become that copy (not, say, a text page outside the SPA).
          plugins: [
            { cacheKeyWillBeUsed: async () => '/index.html' },
            {
              cacheWillUpdate: async ({ response }) =>
                response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
            },
          ],
        },
      },
      {
        urlPattern: ({ request, url }) => request.method === 'GET' && /^\/app\/kitchen\/\d+(\/tickets)?$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: KDS_CACHE,
          networkTimeoutSeconds: 8,
          expiration: { maxEntries: 16 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

/**
 * React Router's package sends bundlers its development build (its exports name no production
 * condition): the same code with its development warnings switched on. The app's build takes
 * the production one (decision 057).
 */
/**
 * The eater's own features (ordering, account, sign-in, history, ratings, plan-ahead, content,
 * visitors, identity): the same list as src/web/app/eater-routes.ts, whose route tables are in
 * the entry (decision 090). Every other feature's pages are the staff's or a location's manager's
 * (decision 085): their route tables load as one chunk (src/web/app/staff-routes.ts).
 */
const EATER_FEATURES = ['ordering', 'account', 'auth', 'history', 'ratings', 'plan-ahead', 'content', 'visitors', 'identity'];
const STAFF_PAGES = new RegExp(`[\\\\/]src[\\\\/]web[\\\\/]features[\\\\/](?!(${EATER_FEATURES.join('|')})[\\\\/])[^\\\\/]+[\\\\/]`);

const reactRouterBuild = fileURLToPath(new URL('./node_modules/react-router/dist/production', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), pwa],
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: path.join(reactRouterBuild, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterBuild, 'dom-export.mjs') },
          ],
        }
      : undefined,
  // index.html sits at the repository root; static assets (favicon, icons) live with the web code.
  publicDir: 'src/web/public',
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // Source maps and the gzip sizes Vite prints only when asked (BUILD_REPORT=1, for looking into
    // the chunks as decision 058 did): nothing serves or reads them, and npm test builds the app
    // every run (decision 094). The budget of first-load JavaScript is checked by the page-weight
    // journey, which adds up what the browser fetched.
    sourcemap: BUILD_REPORT,
    reportCompressedSize: BUILD_REPORT,
    // Terser writes about 4 KB gzip less first-load JavaScript than esbuild's minifier, for about
    // 25 s more CPU per build (one compress pass: a second one saved nothing and cost 9 s more;
    // decision 057). A direct dev dependency of ours since then.
    minify: 'terser',
    terserOptions: { compress: { passes: 1 }, format: { comments: false } },
    // No modulepreload polyfill in the entry (about 0.4 KB gzip on every first load): the browsers
    // we serve preload modules themselves, and one that does not (Safari before 17) still loads
    // each module when it is imported, only without the head start (decision 058).
    // Staff and manager pages are not preloaded from the entry (decision 085): each lazy route's
    // preload list lives in the entry chunk every first load carries, and the staff's lists grew
    // with every area. Their chunks are named `staff-…`; a staff page's own imports then load as
    // the browser meets them (a short waterfall on its first visit), the eater's pages keep theirs.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) => (path.basename(filename).startsWith('staff-') ? [] : deps),
    },
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && STAFF_PAGES.test(chunk.facadeModuleId) ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
}));
