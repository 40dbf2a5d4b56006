import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './embedded.js';

/*
 * `kill -9` of the app leaves its embedded PostgreSQL running on the data folder. The next start
 * must recover by itself (stop that orphan and start afresh), not fail on the stale postmaster.pid.
 */

const fixture = path.join(path.dirname(new URL(import.meta.url).pathname), 'embedded-child.fixture.ts');
const children: ChildProcess[] = [];
let dir = '';

/** Starts the fixture; resolves with its database URL once it says ready (at most 60 s). */
function startChild(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready within 60 s: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /ready (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => void (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${out}`));
    });
  });
}

async function serves(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return (await c.query<{ one: number }>('select 1 as one')).rows[0]!.one;
  } finally {
    await c.end();
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map(exited));
  // Whatever went wrong, leave no server behind on the throwaway folder.
  const pid = Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100; i++) {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch {
      // gone
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('the embedded PostgreSQL after kill -9 of the app', () => {
  it('is stopped by the next start, which then serves', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lunch-crash-'));
    await chmod(dir, 0o755);
    const dataDir = path.join(dir, 'pg');
    const port = await freePort();

    const first = await startChild(dataDir, port);
    expect(await serves(first.url)).toBe(1);
    first.child.kill('SIGKILL');
    await exited(first.child);
    // The orphan still holds the folder and the port.
    expect(await serves(first.url)).toBe(1);

    const second = await startChild(dataDir, port);
    expect(await serves(second.url)).toBe(1);
    second.child.kill('SIGTERM');
    await exited(second.child);
    await expect(serves(second.url)).rejects.toThrow();
  }, 150_000);
});
