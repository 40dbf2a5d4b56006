// Builds the SPA into dist/web when its sources are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist/web/index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

const sources = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
  process.stdout.write('Building the web app ...\n');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(res.status ?? 1);
}
