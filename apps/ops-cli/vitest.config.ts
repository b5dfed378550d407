import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'ops-cli',
    include: ['test/**/*.test.ts'],
    isolate: false,
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    // The CLI is tested against a real server app on a migrated PGlite: the server's snapshot setup.
    globalSetup: ['../server/test/global-setup.ts'],
    // A test spawns the CLI up to 20 times (the bundled program, quick to start).
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
})
