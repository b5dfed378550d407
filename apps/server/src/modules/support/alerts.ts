/**
 * The operators' chat hears once of each thread whose user has waited longer than SUPPORT_UNANSWERED_MINUTES
 * (docs/support.md): once per wait, however many rounds look, by the outbox's dedupe key.
 */

import type { Db } from '#db/client.ts'
import { queueOpsMessage } from '../bot-outbox/queue.ts'
import type { NoticeConfig } from './record-message.ts'
import { threadsWaitingSince } from './repository.ts'
import { consoleThreadLink } from './support-context.ts'

export async function queueUnansweredAlerts(
  db: Db,
  config: NoticeConfig & { unansweredSeconds: number },
  now: Date,
): Promise<number> {
  if (config.opsChatId === undefined) return 0
  const rows = await threadsWaitingSince(db, new Date(now.getTime() - config.unansweredSeconds * 1000), 50)
  for (const row of rows) {
    if (row.awaitingSince === null) continue
    await queueOpsMessage(db, config.opsChatId, {
      kind: 'ops_support_unanswered',
      params: {
        minutes: String(Math.floor((now.getTime() - row.awaitingSince.getTime()) / 60_000)),
        link: consoleThreadLink(config.appOrigins, row.uid),
      },
      now,
      dedupeKey: `support-waiting:${row.uid}:${row.awaitingSince.toISOString()}`,
    })
  }
  return rows.length
}
