import { defineConfig } from 'vitest/config';

// Hermetic tier (`npm test`): runs on a fresh machine after `npm install` alone.
// Tests that need a system component (Debian's Chromium, redis-server) live in
// tests/e2e/ and run under `npm run test:e2e` (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', '**/node_modules/**'],
    reporters: ['default', './tests/summary-reporter.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // The Node platform (files, paths, hashing, threads, Vega) the CLI's entry point installs (src/node/platform.ts).
    setupFiles: ['tests/setup-platform.ts'],
    // The CLI speaks the language of LC_ALL/LC_MESSAGES/LANG (issue 26); tests that assert its English
    // output must not depend on the caller's locale. Tests of Japanese output set their own locale.
    env: { LC_ALL: 'C.UTF-8', LC_MESSAGES: '', LANG: 'C.UTF-8' },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
