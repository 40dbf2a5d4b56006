// Builds the SPA into dist/web when its sources are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Written last, after the compressed copies: a build cut short (stopped before its .gz/.br copies)
// has none, and is made again instead of being served half done.
const built = path.join(root, 'dist/web/.complete');

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
  if (res.status !== 0) process.exit(res.status ?? 1);
  compressAssets(path.join(root, 'dist/web'));
  writeFileSync(built, `${new Date().toISOString()}\n`);
}

/** Brotli and gzip copies beside each text asset; the server sends them to browsers that accept them. */
function compressAssets(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) compressAssets(file);
    else if (/\.(js|css|html|svg|json)$/.test(e.name)) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
