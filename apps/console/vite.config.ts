import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:8000'

/** The operator console: its own bundle, served by the server at /console (plugins/console-app.ts). */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: { proxy: { '/ops': { target: API_SERVER } } },
  test: {
    name: 'console',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/helpers/setup.ts'],
    isolate: false,
    // A test in which no expect() ran fails (docs/architecture.md 'Tests').
    expect: { requireAssertions: true },
    restoreMocks: true,
  },
})
