// npm start: builds the SPA when its sources are newer than the build, then runs the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// One process: the server runs here, so Ctrl-C reaches its shutdown handler directly.
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/index.ts'));
