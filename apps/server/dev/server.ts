/**
 * The development entry (`npm start` outside production): the server with the development tools (the fake Bot
 * API, the demo data, the simulator), each on by its setting (SIMULATOR, DEMO_DATA, FAKE_BOT_API).
 */
import { runServer } from '../src/run-server.ts'
import { createDevTools } from './dev-tools.ts'

runServer(createDevTools())
