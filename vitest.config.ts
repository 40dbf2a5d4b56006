import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files in one worker share its module cache: each file used to import the whole server
    // again (most of the suite's time). Each file still gets its own database (harness.ts), and no
    // test mocks a module or changes process.env.
    isolate: false,
    // Two cores: two files at a time keeps the database and CPU busy without thrashing.
    maxWorkers: 2,
    // The default report, then the five slowest files.
    reporters: ['default', './src/server/test/slowest-reporter.ts'],
  },
});
