/**
 * The app in a process of its own (bench/app-server.ts): for benchmarks whose configurations differ
 * process-wide (bench/metrics-cost.ts) and for several instances on one database (bench/scale/big-rush.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts bench/app-server.ts with `env`; answers its address and the process. */
export function startApp(databaseUrl: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./app-server.ts', import.meta.url).pathname], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BENCH_DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\S+)/.exec(String(d));
      if (m) resolve({ base: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`app process exited (${code})`)));
  });
}

export const stopApp = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
