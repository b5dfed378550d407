// Preloaded by a test (`--import`): appends the URL of every module of apps/server the process loads, one a line,
// to $RECORD_LOADS_FILE (server.test.ts checks that the production entry loads nothing of apps/server/dev).
import { register } from 'node:module'

register('./record-loads-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_LOADS_FILE } })
