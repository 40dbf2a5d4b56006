import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the Fastify server expects the built SPA (served with history fallback). */
const OUT_DIR = 'dist/web';
/** Dev server: API calls go to the local Fastify app. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

// `/app` exactly or `/app/...` / `/app?...`, never SPA paths that merely start with "app".
const apiProxy = {
  '^/app(?:/|\\?|$)': { target: API_TARGET, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  // index.html sits at the repository root; static assets (favicon) live with the web code.
  publicDir: 'src/web/public',
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    sourcemap: true,
    // Report real sizes; the budget is 170 KB gzip of initial JS (design section 6).
    reportCompressedSize: true,
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
