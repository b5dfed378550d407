/**
 * Every environment variable and what it means: the source of docs/configuration.md (`npm run docs:config`, which
 * `npm test` runs with `--check`). The server's areas must list exactly the variables of config.ts's `EnvSchema`,
 * each under the area of the config/<area>.ts that declares it; a default the schema holds is read from it, so
 * `default` here is only for those decided in code (or by others).
 * The CLI's, the tests' and the tools' variables are listed for the reader; no schema checks them.
 */

import type { ConfigVariable } from './variable-areas.ts'
import { SERVER_VARIABLES } from './variables-server.ts'
import { TOOL_VARIABLES } from './variables-tools.ts'
import { USER_FACING_VARIABLES } from './variables-users.ts'
import { OPERATION_VARIABLES } from './variables-work.ts'

export { CONFIG_AREAS, type ConfigVariable, SERVER_AREAS } from './variable-areas.ts'

/** In the order docs/configuration.md lists them. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  ...SERVER_VARIABLES,
  ...USER_FACING_VARIABLES,
  ...OPERATION_VARIABLES,
  ...TOOL_VARIABLES,
]
