import { defineConfig } from 'vitest/config'

// Unit and integration layers; the end-to-end layer (e2e/) runs separately after the web build.
export default defineConfig({
  test: { projects: ['packages/contract', 'apps/server', 'apps/ops-cli', 'apps/web', 'apps/console'] },
})
