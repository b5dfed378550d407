import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Files share a worker's loaded modules: re-importing the server for each file cost a third of the lane's CPU
    // (docs/architecture.md 'Tests'). Each file still opens its own database and app.
    isolate: false,
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    // Migrates PGlite once and shares the snapshot with every test file.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
