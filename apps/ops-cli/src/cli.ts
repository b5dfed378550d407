/**
 * Operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops API (PGlite is
 * single-process, so it never opens the data folder itself). Config comes from the same environment
 * as the server: OPS_URL or http://127.0.0.1:PORT, and OPS_TOKEN or DATA_DIR/ops-token.
 */
import { SETTING_DESCRIPTIONS, SETTING_KEYS } from '@app/contract/ops'
import { Command, CommanderError } from 'commander'
import { addAccountCommands } from './account-commands.ts'
import { createOpsClient, type OpsClient, OpsClientError } from './client.ts'
import { ConfigError, loadOpsClientConfig } from './config.ts'
import { addInviteCommands } from './invite-commands.ts'
import { addNewsCommands } from './news-commands.ts'
import { addOperatorCommands } from './operator-commands.ts'
import { addOrderCommands } from './order-commands.ts'
import { addSettingCommands, addValidationDelayCommand } from './setting-commands.ts'
import { addTransactionCommands } from './transaction-commands.ts'
import { addUserCommands } from './user-commands.ts'

export function buildCli(client: () => OpsClient): Command {
  const program = new Command('ops')
    .description('Operator tools for this deployment (through the running server)')
    .showHelpAfterError()
    .exitOverride()

  addInviteCommands(program, client)
  addSettingCommands(program, client)
  addOrderCommands(program, client)
  addValidationDelayCommand(program, client)
  addAccountCommands(program, client)
  addUserCommands(program, client)

  addTransactionCommands(program, client)
  addNewsCommands(program, client)
  addOperatorCommands(program, client)

  program.addHelpText('after', () => `\nAll commands:\n${describeCommands(program)}\n${ENVIRONMENT_HELP}`)
  return program
}

const ENVIRONMENT_HELP = `
Settings (for "settings set"):
${SETTING_KEYS.map((key) => `  ${key.padEnd(20)} ${SETTING_DESCRIPTIONS[key]}`).join('\n')}

Environment (the same as the server's):
  OPS_URL     server address (default http://127.0.0.1:$PORT, PORT default 8000)
  OPS_TOKEN   operator token (default: the one the server wrote to $DATA_DIR/ops-token)
  DATA_DIR    the server's data folder (default ./data)`

/** Every leaf command with its usage and description, so `--help` shows the whole tree at once. */
function describeCommands(command: Command, prefix = ''): string {
  const lines: string[] = []
  for (const sub of command.commands) {
    if (sub.name() === 'help') continue
    const name = `${prefix}${sub.name()}`
    if (sub.commands.length > 0) lines.push(describeCommands(sub, `${name} `))
    else lines.push(`  ${`${name} ${sub.usage()}`.padEnd(40)} ${sub.description()}`)
  }
  return lines.join('\n')
}

async function main(argv: string[]): Promise<number> {
  let opsClient: OpsClient | undefined
  const program = buildCli(() => {
    opsClient ??= createOpsClient(loadOpsClientConfig())
    return opsClient
  })
  try {
    await program.parseAsync(argv)
    return 0
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    if (error instanceof OpsClientError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      return 1
    }
    process.stderr.write(
      `Unexpected answer from the server: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    return 1
  }
}

process.exitCode = await main(process.argv)
