import PgBoss from 'pg-boss';
import type { Deps } from './context.js';
import type { ChangePublisher } from './events.js';
import { jobLag, jobRuns } from './metrics.js';

/** What a job gets: the app's dependencies and its instance's change bus (jobs publish what they change). */
export type JobDeps = Deps & { changes: ChangePublisher };

/** A background task that runs on a schedule in whichever instance picks it up first. */
export interface JobDefinition {
  name: string;
  /** Cron expression (pg-boss: minute resolution, provider time zone not applied). */
  cron: string;
  handler: (deps: JobDeps) => Promise<void>;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * A job's pg-boss handler, measured: its lag (how late the run started after it was due; a busy
 * or stopped instance shows here) and its result (lib/metrics.ts).
 */
export function measuredRun(job: JobDefinition, deps: JobDeps, now: () => number = Date.now) {
  return async ([run]: { startAfter: Date }[]) => {
    if (run) jobLag.observe({ job: job.name }, Math.max(0, now() - run.startAfter.getTime()) / 1000);
    try {
      await job.handler(deps);
      jobRuns.inc({ job: job.name, result: 'ok' });
    } catch (err) {
      jobRuns.inc({ job: job.name, result: 'failed' });
      throw err;
    }
  };
}

/** Starts pg-boss on the app's database and schedules every job; safe with many instances. */
export async function startJobs(deps: JobDeps, url: string, jobs: JobDefinition[], log: (m: string) => unknown): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (err) => log(`jobs: ${err instanceof Error ? err.message : String(err)}`));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron);
    await boss.work(job.name, { includeMetadata: true }, measuredRun(job, deps));
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
