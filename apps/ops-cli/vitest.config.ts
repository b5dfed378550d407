import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'ops-cli',
    include: ['test/**/*.test.ts'],
    // The CLI is tested against a real server app on a migrated PGlite: the server's snapshot setup.
    globalSetup: ['../server/test/global-setup.ts'],
    // A test spawns the CLI up to 20 times (node + tsx, about 1 s each here, several under a loaded `npm test`).
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
})
