/** The scenario table as markdown, for docs/sandbox-provider.md (a test keeps the document in step). */
import { publicScenarios } from './scenarios.ts'

const cell = (value: string | null) => (value === null ? '' : `\`${value}\``)
const text = (value: string) => value.replaceAll('|', '\\|')

export function renderScenarioTable(): string {
  const rows = publicScenarios().map(
    (s) =>
      `| ${cell(s.phone)} | ${s.flow} | ${text(s.demonstrates)} | ${cell(s.code)} | ${cell(s.password)} | ${cell(s.email)} | ${text(s.outcome)} |`,
  )
  return [
    '| phone | flow | demonstrates | code | password | email | outcome |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}
