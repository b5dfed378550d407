/** Operator commands for root invite codes: create, list, revoke (docs/console.md). */
import { opsInviteCalls } from '@app/contract/ops'
import type { Command } from 'commander'
import type { OpsClient } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

export function addInviteCommands(program: Command, client: () => OpsClient): void {
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
