/**
 * The production entry (`npm start` with NODE_ENV=production): the server without the development tools, so
 * nothing of apps/server/dev is loaded. Development runs dev/server.ts.
 */
import { runServer } from './run-server.ts'

runServer()
