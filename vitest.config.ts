import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // PostgreSQL suites each get a schema of their own, so files may run in parallel.
    fileParallelism: true,
    setupFiles: ['test/support/fail-on-console.ts'],
    globalSetup: ['test/support/postgres-check.ts'],
  },
});
