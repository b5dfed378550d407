import { defineConfig } from 'vitest/config'

export default defineConfig({
  // A test in which no expect() ran fails (docs/architecture.md 'Tests').
  test: {
    name: 'contract',
    include: ['test/**/*.test.ts'],
    isolate: false,
    expect: { requireAssertions: true },
  },
})
