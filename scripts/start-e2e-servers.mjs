// The journeys' servers, all at once (playwright.config.ts): one `start:e2e` server per
// Playwright worker (tests/e2e/servers.ts), each on its own freshly seeded embedded database.
// Playwright starts the entries of its webServer list one after another; started here together
// they are ready in the time of one. The web app is built once, first (scripts/build-web.mjs; npm
// test has built it already). When every server answers, this script answers 200 on its own
// port (E2E_PORT + 5), the address Playwright waits for. It stops the servers when it is stopped.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const base = Number(process.env.E2E_PORT ?? 3100);
const count = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const urls = Array.from({ length: count }, (_, i) => `http://127.0.0.1:${base + 10 * i}`);

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = urls.map((url) =>
  spawn(process.execPath, [path.join(root, 'scripts/start-e2e.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: new URL(url).port, PUBLIC_URL: url },
  }),
);
let stopping = false;
for (const child of children) {
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`A journey server stopped (exit ${code}); stopping the others.`);
    stop(code || 1);
  });
}

function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function answers(url) {
  try {
    return (await fetch(`${url}/app/translations`)).ok;
  } catch {
    return false;
  }
}

const waiting = new Set(urls);
while (waiting.size > 0 && !stopping) {
  for (const url of [...waiting]) if (await answers(url)) waiting.delete(url);
  if (waiting.size > 0) await new Promise((r) => setTimeout(r, 250));
}
http.createServer((_req, res) => res.end('ready')).listen(base + 5, '127.0.0.1');
