/** Operator commands for settings: show, set, and the validation delay (docs/console.md). */
import { opsSettingCalls, SETTING_DESCRIPTIONS, SETTING_KEYS } from '@app/contract/ops'
import type { Command } from 'commander'
import type { OpsClient } from './client.ts'
import { pendingLine, savedSettingLines } from './setting-lines.ts'

/** Command-line text to a JSON value: true/false/null become JSON, anything else stays a string. */
function parseCliValue(text: string): boolean | null | string {
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

export function addSettingCommands(program: Command, client: () => OpsClient): void {
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

/** The seconds between a submission and its validation, at the top level where operators reach for it. */
export function addValidationDelayCommand(program: Command, client: () => OpsClient): void {
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
