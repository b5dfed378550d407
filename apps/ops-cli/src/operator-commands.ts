/**
 * Operator commands for operators (docs/console.md): create one (printing its initial password and TOTP enrolment
 * once), list, change the role or disable, issue a personal API token, reset a lost password or phone.
 */
import { OPERATOR_ROLES, type Operator, type OperatorEnrolment, opsOperatorCalls } from '@app/contract/ops'
import type { Command } from 'commander'
import { type OpsClient, OpsClientError } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

/** The token's end and last use; when the operator signs large payouts, while that is still ahead (four eyes). */
const operatorLine = (o: Operator) => {
  const token = o.hasApiToken
    ? `  api-token until ${o.apiTokenExpiresAt ?? '?'}, last used ${o.apiTokenLastUsedAt ?? 'never'}`
    : ''
  const signs =
    o.signsPayoutsFrom !== null && Date.parse(o.signsPayoutsFrom) > Date.now()
      ? `  signs large payouts from ${o.signsPayoutsFrom}`
      : ''
  return `${o.login}  ${o.role}${o.disabled ? '  disabled' : ''}${token}${signs}`
}

function printEnrolment(enrolment: OperatorEnrolment): void {
  print(operatorLine(enrolment.operator))
  print(`password:    ${enrolment.password}`)
  print(`totp secret: ${enrolment.totpSecret}`)
  print(`totp uri:    ${enrolment.totpUri}`)
  print('Add the secret (or the URI) to an authenticator app, then sign in at /console.')
  print('This is shown once: keep the password somewhere safe.')
}

function parseRole(text: string) {
  if (!(OPERATOR_ROLES as readonly string[]).includes(text))
    throw new OpsClientError(`role must be one of ${OPERATOR_ROLES.join(', ')}`)
  return text
}

export function addOperatorCommands(program: Command, client: () => OpsClient): void {
  const operator = program
    .command('operator')
    .description('named operators of the console and the CLI (admin; OPS_TOKEN is the bootstrap admin)')
  operator
    .command('create')
    .usage('LOGIN --role viewer|operator|admin')
    .description('create an operator; prints the initial password and the TOTP enrolment once')
    .argument('<login>', '3 to 32 of a-z, 0-9, dot, dash, underscore')
    .requiredOption('--role <role>', OPERATOR_ROLES.join(', '))
    .action(async (login: string, options: { role: string }) => {
      const body = { login, role: parseRole(options.role) }
      printEnrolment(await client().call(opsOperatorCalls.create, { body }))
    })
  operator
    .command('list')
    .usage(' ')
    .description('every operator')
    .action(async () => {
      for (const o of await client().call(opsOperatorCalls.list)) print(operatorLine(o))
    })
  operator
    .command('set')
    .usage('LOGIN [--role ROLE] [--disabled true|false]')
    .description("change an operator's role, or disable one (their sessions and token stop at once)")
    .argument('<login>')
    .option('--role <role>', OPERATOR_ROLES.join(', '))
    .option('--disabled <bool>', 'true or false')
    .action(async (login: string, options: { role?: string; disabled?: string }) => {
      const body = {
        ...(options.role === undefined ? {} : { role: parseRole(options.role) }),
        ...(options.disabled === undefined ? {} : { disabled: options.disabled === 'true' }),
      }
      print(operatorLine(await client().call(opsOperatorCalls.change, { params: { login }, body })))
    })
  operator
    .command('token')
    .usage('LOGIN')
    .description(
      'issue a personal API token for the CLI (OPS_TOKEN=...), good for OPS_API_TOKEN_TTL_DAYS; replaces the previous one',
    )
    .argument('<login>')
    .action(async (login: string) => {
      print((await client().call(opsOperatorCalls.issueToken, { params: { login } })).token)
    })
  operator
    .command('reset')
    .usage('LOGIN')
    .description('a new password and TOTP secret (lost phone or password); ends their sessions')
    .argument('<login>')
    .action(async (login: string) => {
      printEnrolment(await client().call(opsOperatorCalls.resetCredentials, { params: { login } }))
    })
}
