import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { measuredRun } from './jobs.js';
import { jobLag, jobRuns } from './metrics.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('job metrics', () => {
  it('count runs by result and observe how late each started', async () => {
    const runs = async (result: string) =>
      (await jobRuns.get()).values.find((v) => v.labels.job === 'test-job' && v.labels.result === result)?.value ?? 0;
    const lag = async () =>
      (await jobLag.get()).values.find((v) => v.labels.job === 'test-job' && v.metricName === 'lunch_job_lag_seconds_sum')?.value ?? 0;
    let fail = false;
    const job = {
      name: 'test-job',
      cron: '* * * * *',
      handler: async () => {
        await ctx.db.execute('select 1');
        if (fail) throw new Error('job failed');
      },
    };
    const due = new Date('2026-03-01T10:00:00Z');
    const run = measuredRun(job, ctx.jobDeps, () => due.getTime() + 2_500);
    await run([{ startAfter: due }]);
    fail = true;
    await expect(run([{ startAfter: due }])).rejects.toThrow('job failed');
    expect(await runs('ok')).toBe(1);
    expect(await runs('failed')).toBe(1);
    expect(await lag()).toBeCloseTo(5, 5);
  });
});
