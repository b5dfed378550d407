/**
 * Operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops API (PGlite is
 * single-process, so it never opens the data folder itself). Config comes from the same environment
 * as the server: OPS_URL or http://127.0.0.1:PORT, and OPS_TOKEN or DATA_DIR/ops-token.
 */
import {
  type OpsUserSchema,
  opsAccountCalls,
  opsInviteCalls,
  opsOrderCalls,
  opsSettingCalls,
  opsUserCalls,
  referralFlagSummary,
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
} from '@app/contract/ops'
import { Command, CommanderError } from 'commander'
import { createOpsClient, type OpsClient, OpsClientError } from './client.ts'
import { ConfigError, loadOpsClientConfig } from './config.ts'
import { addNewsCommands } from './news-commands.ts'
import { addOperatorCommands } from './operator-commands.ts'
import { pendingLine, savedSettingLines } from './setting-lines.ts'
import { addTransactionCommands } from './transaction-commands.ts'

/** Command-line text to a JSON value: true/false/null become JSON, anything else stays a string. */
export function parseCliValue(text: string): boolean | null | string {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  return text
}

const print = (line: string) => process.stdout.write(`${line}\n`)
const warn = (line: string) => process.stderr.write(`${line}\n`)

/** What does not work as configured (the bot and the channel), on stderr: stdout keeps only `key = value` lines. */
async function warnSettingProblems(client: OpsClient, key?: string): Promise<void> {
  const problems = await client.call(opsSettingCalls.problems)
  for (const p of problems) if (key === undefined || p.key === key) warn(`problem: ${p.key}: ${p.problem}`)
}

type ShownOrder = { country: string; price: string; capacity: number; isOpen: boolean }
const orderLine = (o: ShownOrder) =>
  `${o.country}  price ${o.price} USDT  capacity ${o.capacity}  ${o.isOpen ? 'open' : 'closed'}`

function parseCapacity(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new OpsClientError('capacity must be a whole number')
  return Number(text)
}

/** Root invite codes. */
function addInviteCommands(program: Command, client: () => OpsClient): void {
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
      const { code } = await client().call(opsInviteCalls.create, { body })
      print(code)
    })
  invite
    .command('revoke')
    .usage('CODE')
    .description('stop an invite code admitting anyone new (who joined through it stays)')
    .argument('<code>', 'the invite code')
    .action(async (code: string) => {
      const revoked = await client().call(opsInviteCalls.revoke, { params: { code } })
      print(`${revoked.code} revoked at ${revoked.revokedAt}`)
    })
}

/** Settings: show them, set one. */
function addSettingCommands(program: Command, client: () => OpsClient): void {
  const settings = program.command('settings').description('switches and limits')
  settings
    .command('show')
    .usage(' ')
    .description(
      'print every setting in force and the changes that wait, then (on stderr) any that does not work, e.g. the bot not administering the channel',
    )
    .action(async () => {
      const values = await client().call(opsSettingCalls.list)
      for (const [key, value] of Object.entries(values)) print(`${key} = ${JSON.stringify(value)}`)
      const waiting = await client().call(opsSettingCalls.pending)
      for (const change of waiting) print(pendingLine(change))
      await warnSettingProblems(client())
    })
  settings
    .command('set')
    .usage('KEY VALUE')
    .description('change one setting')
    .argument('<key>', `one of: ${SETTING_KEYS.join(', ')}`)
    .argument('<value>', 'true/false for switches, a USDT amount for limits, a channel username or null')
    .addHelpText(
      'after',
      `\nSettings:\n${SETTING_KEYS.map((key) => `  ${key.padEnd(20)} ${SETTING_DESCRIPTIONS[key]}`).join('\n')}`,
    )
    .action(async (key: string, value: string) => {
      const saved = await client().call(opsSettingCalls.set, {
        params: { key },
        body: { value: parseCliValue(value) },
      })
      for (const line of savedSettingLines(saved)) print(line)
      if (saved.key === 'channel_username') await warnSettingProblems(client(), saved.key)
    })
}

/** Orders per country, and the validation delay. */
function addOrderCommands(program: Command, client: () => OpsClient): void {
  const orders = program.command('orders').description('orders per country (price, capacity, open)')
  const changeOrder = async (country: string, body: Record<string, unknown>) => {
    print(orderLine(await client().call(opsOrderCalls.change, { params: { country }, body })))
  }
  orders
    .command('list')
    .usage(' ')
    .description('print every order')
    .action(async () => {
      for (const order of await client().call(opsOrderCalls.list)) print(orderLine(order))
    })
  orders
    .command('create')
    .usage('COUNTRY --price USDT --capacity N [--closed]')
    .description('create the order of a country (ISO code, e.g. IR)')
    .argument('<country>', 'ISO 3166-1 alpha-2 code')
    .requiredOption('--price <usdt>', 'price per account in USDT, e.g. 1.5')
    .requiredOption('--capacity <n>', 'how many accounts may still be submitted')
    .option('--closed', 'create it closed')
    .action(async (country: string, options: { price: string; capacity: string; closed?: boolean }) => {
      const body = {
        country,
        price: options.price,
        capacity: parseCapacity(options.capacity),
        isOpen: options.closed !== true,
      }
      print(orderLine(await client().call(opsOrderCalls.create, { body })))
    })
  orders
    .command('open')
    .usage('COUNTRY')
    .description("open a country's order")
    .argument('<country>')
    .action((country: string) => changeOrder(country, { isOpen: true }))
  orders
    .command('close')
    .usage('COUNTRY')
    .description("close a country's order")
    .argument('<country>')
    .action((country: string) => changeOrder(country, { isOpen: false }))
  orders
    .command('price')
    .usage('COUNTRY USDT')
    .description("set a country's price per account")
    .argument('<country>')
    .argument('<usdt>')
    .action((country: string, price: string) => changeOrder(country, { price }))
  orders
    .command('capacity')
    .usage('COUNTRY N')
    .description('set how many more accounts a country takes')
    .argument('<country>')
    .argument('<n>')
    .action((country: string, n: string) => changeOrder(country, { capacity: parseCapacity(n) }))

  program
    .command('validation-delay')
    .usage('[SECONDS]')
    .description('show or set the seconds between a submission and its validation')
    .argument('[seconds]')
    .action(async (seconds: string | undefined) => {
      if (seconds === undefined) {
        const values = await client().call(opsSettingCalls.list)
        print(`validation_delay_seconds = ${JSON.stringify(values.validation_delay_seconds)}`)
        return
      }
      const saved = await client().call(opsSettingCalls.set, {
        params: { key: 'validation_delay_seconds' },
        body: { value: seconds },
      })
      print(`${saved.key} = ${JSON.stringify(saved.value)}`)
    })
}

/** Users' accounts. */
function addAccountCommands(program: Command, client: () => OpsClient): void {
  const accounts = program.command('accounts').description("users' accounts")
  const accountLine = (a: {
    uid: string
    phone: string
    status: string
    validationStatus: string
    net: string
  }) => `${a.uid}  ${a.phone}  ${a.status}  validation ${a.validationStatus}  net ${a.net} USDT`
  accounts
    .command('list')
    .usage('USER [--limit N]')
    .description("a user's accounts, newest first (USER: their user id or Telegram id)")
    .argument('<user>')
    .option('--limit <n>', 'how many (default 100, at most 1000)', '100')
    .action(async (user: string, options: { limit: string }) => {
      const list = await client().call(opsAccountCalls.ofUser, {
        params: { user },
        query: { limit: options.limit },
      })
      if (list.length === 0) print('(no accounts)')
      for (const account of list) print(accountLine(account))
    })
  accounts
    .command('set-status')
    .usage('UID STATUS')
    .description('override an account status (pending re-queues its validation)')
    .argument('<uid>')
    .argument('<status>', 'pending, accepted or rejected')
    .action(async (uid: string, status: string) => {
      print(
        accountLine(await client().call(opsAccountCalls.setStatus, { params: { uid }, body: { status } })),
      )
    })
}

/** Users: find, show, flags, block. */
function addUserCommands(program: Command, client: () => OpsClient): void {
  const user = program
    .command('user')
    .description('users, whatever way they signed in: USER is their user id (uid) or Telegram id')
  const blockedMark = (u: { blocked: boolean }) => (u.blocked ? '  BLOCKED' : '')
  const userLines = (u: ReturnType<typeof OpsUserSchema.parse>) =>
    [
      `${u.telegramId ?? '(no Telegram id)'}  ${u.firstName}${u.username ? ` @${u.username}` : ''}${u.email ? `  <${u.email}>` : ''}  joined ${u.createdAt}`,
      `  user id ${u.uid}${blockedMark(u)}`,
      `  referred by ${u.referrerTelegramId ?? '(operator invite)'}; brought ${u.referralCount}`,
      `  canReferrer ${u.canReferrer}  canAddAccount ${u.canAddAccount}  canRegisterAccount ${u.canRegisterAccount}`,
      ...u.referralFlags.map((flag) => `  ${referralFlagSummary(flag)}`),
    ].join('\n')
  user
    .command('find')
    .usage('QUERY [--limit N]')
    .description('users by user id, Telegram id, an account phone, or a part of a name, username or email')
    .argument('<query>')
    .option('--limit <n>', 'how many (default 20, at most 1000)', '20')
    .action(async (q: string, options: { limit: string }) => {
      const page = await client().call(opsUserCalls.search, { query: { q, limit: options.limit } })
      if (page.items.length === 0) print('(no user matches)')
      for (const u of page.items) {
        const name = [u.firstName, u.lastName].filter(Boolean).join(' ')
        const parts = [u.uid, u.telegramId ?? '(no Telegram id)', name, u.username ? `@${u.username}` : '']
        if (u.email) parts.push(`<${u.email}>`)
        print(`${parts.filter(Boolean).join('  ')}${blockedMark(u)}`)
      }
    })
  user
    .command('show')
    .usage('USER')
    .description("a user's ids, referrer, referrals, permission flags and whether they are blocked")
    .argument('<user>')
    .action(async (id: string) => {
      print(userLines(await client().call(opsUserCalls.get, { params: { user: id } })))
    })
  user
    .command('set')
    .usage('USER [--can-referrer BOOL] [--can-add-account BOOL] [--can-register-account BOOL]')
    .description("change a user's permission flags (true or false)")
    .argument('<user>')
    .option('--can-referrer <bool>', 'may refer others (a live referral link)')
    .option('--can-add-account <bool>', 'may submit accounts by login')
    .option('--can-register-account <bool>', 'may submit accounts by sign-up')
    .action(
      async (
        id: string,
        options: { canReferrer?: string; canAddAccount?: string; canRegisterAccount?: string },
      ) => {
        const body = Object.fromEntries(
          Object.entries(options).map(([key, text]) => {
            if (text !== 'true' && text !== 'false') throw new OpsClientError(`${key} must be true or false`)
            return [key, text === 'true']
          }),
        )
        if (Object.keys(body).length === 0) {
          throw new OpsClientError(
            'give at least one of --can-referrer, --can-add-account, --can-register-account',
          )
        }
        print(userLines(await client().call(opsUserCalls.setFlags, { params: { user: id }, body })))
      },
    )
  user
    .command('block')
    .usage('USER --reason TEXT')
    .description('block a user: every session of theirs ends, and they cannot sign in (audited)')
    .argument('<user>')
    .requiredOption('--reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, options: { reason: string }) => {
      const body = { reason: options.reason }
      print(userLines(await client().call(opsUserCalls.block, { params: { user: id }, body })))
    })
  user
    .command('unblock')
    .usage('USER [--reason TEXT]')
    .description('unblock a user: they may sign in again (audited)')
    .argument('<user>')
    .option('--reason <text>', 'why (kept in the audit log)')
    .action(async (id: string, options: { reason?: string }) => {
      const body = options.reason === undefined ? undefined : { reason: options.reason }
      print(userLines(await client().call(opsUserCalls.unblock, { params: { user: id }, body })))
    })
}

export function buildCli(client: () => OpsClient): Command {
  const program = new Command('ops')
    .description('Operator tools for this deployment (through the running server)')
    .showHelpAfterError()
    .exitOverride()

  addInviteCommands(program, client)
  addSettingCommands(program, client)
  addOrderCommands(program, client)
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
