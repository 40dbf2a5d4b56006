/**
 * Where the CPU of a rush goes (decision 059): CPU seconds of this process's main thread (the
 * app: HTTP, validation, the order path, pg's protocol), of its other threads (the rush client's
 * worker, autocannon, GC helpers), of PostgreSQL (the postmaster's children: backends, WAL writer,
 * checkpointer) and of child processes (pgbench), read from Linux's /proc around a measured
 * stretch, and a CPU profile of the main thread (node:inspector) for bench/profile-summary.ts.
 * On a shared two-core machine CPU per order is steadier than orders per second: the rate the two
 * cores allow is 2 s / (CPU seconds per order) whatever else waits on the disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux). */
const HZ = 100;

/** utime + stime of a /proc stat file, in seconds (0 when it is gone). */
function statCpu(file: string): { cpu: number; ppid: number; children: number } {
  try {
    const text = readFileSync(file, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { cpu: (Number(f[11]) + Number(f[12])) / HZ, ppid: Number(f[1]), children: (Number(f[13]) + Number(f[14])) / HZ };
  } catch {
    return { cpu: 0, ppid: 0, children: 0 };
  }
}

/** The PostgreSQL server of a data folder: the postmaster and its children's CPU seconds. */
export function postgresCpu(dataDir: string): number {
  const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = statCpu(`/proc/${pid}/stat`).cpu;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    const s = statCpu(`/proc/${p}/stat`);
    if (s.ppid === pid) total += s.cpu;
  }
  return total;
}

/** CPU seconds of this process's main thread, of all its other threads and of its finished children (pgbench). */
export function threadCpu(): { main: number; other: number; children: number } {
  const main = statCpu(`/proc/self/task/${process.pid}/stat`).cpu;
  const all = statCpu('/proc/self/stat');
  return { main, other: all.cpu - main, children: all.children };
}

/** A CPU reading of the app (this process's main thread, or given processes), its other threads and PostgreSQL. */
export interface CpuReading {
  app: number;
  other: number;
  postgres: number;
}

/**
 * CPU seconds of the app, this process's other threads and PostgreSQL now. `appPids`: the app
 * runs in those processes (the two-instance rush) instead of this process's main thread.
 */
export function readCpu(pgDataDir: string, appPids: number[] = []): CpuReading {
  const t = threadCpu();
  const app = appPids.length ? appPids.reduce((s, p) => s + statCpu(`/proc/${p}/stat`).cpu, 0) : t.main;
  return { app, other: appPids.length ? t.main + t.other : t.other, postgres: postgresCpu(pgDataDir) };
}

/** The CPU spent between two readings, in ms per unit (e.g. per placed order). */
export function cpuPer(before: CpuReading, after: CpuReading, units: number) {
  const per = (k: keyof CpuReading) => ((after[k] - before[k]) * 1000) / Math.max(1, units);
  return { app: per('app'), other: per('other'), postgres: per('postgres') };
}

/** Starts a CPU profile of this thread; `stop(file)` writes it (Chrome's .cpuprofile format). */
export async function startProfile(intervalUs = 250): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
