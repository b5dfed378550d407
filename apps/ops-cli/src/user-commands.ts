/** Operator commands for users: find, show, flags, block, unblock (docs/console.md). */
import { type OpsUserSchema, opsUserCalls, referralFlagSummary } from '@app/contract/ops'
import type { Command } from 'commander'
import { type OpsClient, OpsClientError } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

export function addUserCommands(program: Command, client: () => OpsClient): void {
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
