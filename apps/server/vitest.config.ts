import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    // Migrates PGlite once and shares the snapshot with every test file.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
