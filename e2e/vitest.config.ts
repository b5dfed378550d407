import { defineConfig } from 'vitest/config'

// End to end: the real built server (web dist + API + PGlite) driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/tests/**/*.test.ts'],
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    // A poll waits up to 15 s (Vitest's default is 1 s): on a loaded 2-core machine a cold server's first page can take
    // seconds, and a poll that passes returns at once.
    expect: { requireAssertions: true, poll: { timeout: 15_000 } },
    // Four times the longest test in a CI run (a screen tour look, 29 s): load can double a test, and is no failure.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Two files at a time, each on its own server: a file mostly waits on its server and the browser.
    maxWorkers: 2,
    // Files share a worker's loaded modules (playwright-core, the support code): each file still starts its own server.
    isolate: false,
    // Names the run; after it, the secrets scan over its server logs and databases (docs/resilience.md).
    globalSetup: ['e2e/support/global-setup.ts'],
  },
})
