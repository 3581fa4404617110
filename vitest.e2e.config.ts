import { defineConfig } from 'vitest/config';

// End-to-end tier (`npm run test:e2e`): real system components, never mocks —
// Debian's Chromium (/usr/bin/chromium) for the report, Debian's redis-server
// for cluster runs, a packed tarball installed into a fresh project.
// `.ci/run` installs both from Debian before running this tier.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // The Node platform (files, paths, hashing, threads, Vega) the CLI's entry point installs (src/node/platform.ts).
    setupFiles: ['tests/setup-platform.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
