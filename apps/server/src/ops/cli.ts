/**
 * Operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops API (PGlite is
 * single-process, so it never opens the data folder itself). Config comes from the same environment
 * as the server: OPS_URL or http://127.0.0.1:PORT, and OPS_TOKEN or DATA_DIR/ops-token.
 */
import { Command, CommanderError } from 'commander'
import { ConfigError, loadOpsClientConfig } from '../config.ts'
import { SETTING_KEYS, SETTINGS } from '../modules/settings/settings-definitions.ts'
import { createOpsClient, type OpsClient, OpsClientError } from './client.ts'
import { InviteSchema, SettingSchema, SettingsSchema } from './schemas.ts'

/** Command-line text to a JSON value: true/false/null become JSON, anything else stays a string. */
export function parseCliValue(text: string): boolean | null | string {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  return text
}

const print = (line: string) => process.stdout.write(`${line}\n`)

export function buildCli(client: () => OpsClient): Command {
  const program = new Command('ops')
    .description('Operator tools for this deployment (through the running server)')
    .showHelpAfterError()
    .exitOverride()

  const invite = program
    .command('invite')
    .description('root invite codes (referral codes without a referrer)')
  invite
    .command('create')
    .usage('[--code CODE]')
    .description('create an invite code and print it')
    .option('--code <code>', 'the code to create (default: a random readable code)')
    .action(async (options: { code?: string }) => {
      const body = options.code === undefined ? {} : { code: options.code }
      const { code } = InviteSchema.parse(await client().request('POST', '/ops/invites', body))
      print(code)
    })

  const settings = program.command('settings').description('switches and limits')
  settings
    .command('show')
    .usage(' ')
    .description('print every setting')
    .action(async () => {
      const values = SettingsSchema.parse(await client().request('GET', '/ops/settings'))
      for (const [key, value] of Object.entries(values)) print(`${key} = ${JSON.stringify(value)}`)
    })
  settings
    .command('set')
    .usage('KEY VALUE')
    .description('change one setting')
    .argument('<key>', `one of: ${SETTING_KEYS.join(', ')}`)
    .argument('<value>', 'true/false for switches, a USDT amount for limits, a channel username or null')
    .addHelpText(
      'after',
      `\nSettings:\n${SETTING_KEYS.map((key) => `  ${key.padEnd(20)} ${SETTINGS[key].description}`).join('\n')}`,
    )
    .action(async (key: string, value: string) => {
      const path = `/ops/settings/${encodeURIComponent(key)}`
      const saved = SettingSchema.parse(await client().request('PUT', path, { value: parseCliValue(value) }))
      print(`${saved.key} = ${JSON.stringify(saved.value)}`)
    })

  program.addHelpText('after', () => `\nAll commands:\n${describeCommands(program)}\n${ENVIRONMENT_HELP}`)
  return program
}

const ENVIRONMENT_HELP = `
Settings (for "settings set"):
${SETTING_KEYS.map((key) => `  ${key.padEnd(20)} ${SETTINGS[key].description}`).join('\n')}

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
