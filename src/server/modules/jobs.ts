import type { JobDefinition } from '../lib/jobs.js';

/** Every area's scheduled jobs. Add entries here. */
export const jobs: JobDefinition[] = [
  {
    name: 'mail-retry',
    cron: '*/5 * * * *',
    handler: (deps) => deps.mailer.flush(),
  },
];
