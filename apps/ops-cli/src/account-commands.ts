/** Operator commands for users' accounts: search, status (docs/console.md). */
import { opsAccountCalls } from '@app/contract/ops'
import type { Command } from 'commander'
import type { OpsClient } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

export function addAccountCommands(program: Command, client: () => OpsClient): void {
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
