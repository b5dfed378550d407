/** How the CLI prints a setting it changed, and a change that waits (four eyes, docs/console.md). */
import type { PendingSetting, SettingSchema } from '@app/contract/ops'
import type * as z from 'zod/mini'

/** `waiting: key = value from <ISO> (asked by <login>) ...`: a change that applies later. */
export const pendingLine = (change: PendingSetting) =>
  `waiting: ${change.key} = ${JSON.stringify(change.value)} from ${change.effectiveAt} (asked by ${change.requestedBy}): it asks for fewer approvals, so it waits; set the key again to cancel`

/** `key = value`, then the change that waits when there is one. */
export function savedSettingLines(saved: z.infer<typeof SettingSchema>): string[] {
  const lines = [`${saved.key} = ${JSON.stringify(saved.value)}`]
  if (saved.pending !== undefined)
    lines.push(pendingLine({ ...saved.pending, key: saved.key as PendingSetting['key'] }))
  return lines
}
