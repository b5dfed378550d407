/**
 * Operator settings: reading them for display, and changing one with its validation. A guarded setting (four eyes,
 * docs/console.md) tells the operators' chat of every change, and a change that weakens it waits.
 */

import type { Db } from '#db/client.ts'
import { validationError } from '#lib/domain-error.ts'
import type { Config } from '#src/config.ts'
import type { BotMessage } from '../bot-outbox/messages.ts'
import { queueOpsMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import {
  deletePendingSetting,
  findPendingSettings,
  readSettingsAt,
  settingsChanged,
  upsertPendingSetting,
  upsertSetting,
} from './repository.ts'
import {
  MIN_MAX_PAIRS,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  type SettingsValues,
} from './settings-definitions.ts'

export type SettingsServiceDeps = {
  db: Db
  now: () => Date
  config: {
    bot: Pick<Config['bot'], 'opsChatId'>
    operators: Pick<Config['operators'], 'fourEyesDelaySeconds'>
  }
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
export type SettingsDisplay = Record<SettingKey, boolean | string | null>
type Shown = boolean | string | null
/** A change that waits: its value as shown, when it applies, who asked. */
export type PendingShown = { value: Shown; effectiveAt: string; requestedBy: string }

const show = (key: SettingKey, value: unknown) => (SETTINGS[key].toDisplay as (v: unknown) => Shown)(value)

function displaySettings(values: SettingsValues): SettingsDisplay {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, show(key, values[key])])) as SettingsDisplay
}

/** 86400 -> '24 h', 90 -> '90 s': the delay as the operators' chat says it. */
const inWords = (seconds: number) => (seconds % 3600 === 0 ? `${seconds / 3600} h` : `${seconds} s`)

export function createSettingsService({ db, now, config, messageQueued }: SettingsServiceDeps) {
  const delaySeconds = config.operators.fourEyesDelaySeconds
  return {
    /** Every setting in force now, as operators read it (JSON-friendly, exact). */
    async display(): Promise<SettingsDisplay> {
      return displaySettings(await readSettingsAt(db, now()))
    },

    /** One setting's value before an operator changes it (the audit log). */
    async snapshot(key: SettingKey) {
      return { key, value: displaySettings(await readSettingsAt(db, now()))[key] ?? null }
    },

    /** The changes that wait, soonest key first: what each will be, from when, who asked. */
    async pending(): Promise<({ key: SettingKey } & PendingShown)[]> {
      const at = now()
      return (await findPendingSettings(db))
        .filter((change) => change.effectiveAt > at)
        .map((change) => ({
          key: change.key,
          value: show(change.key, change.value),
          effectiveAt: change.effectiveAt.toISOString(),
          requestedBy: change.requestedBy,
        }))
    },

    /**
     * Validates operator input for one key and stores it; limits must keep min <= max. A guarded key's change that
     * weakens the guard is kept waiting instead (the value in force stays, answered with `pending`); any other
     * change of it applies at once and cancels a waiting one. `by` is the operator's login, for the chat.
     */
    async set(
      key: SettingKey,
      input: unknown,
      by: string,
    ): Promise<{ key: SettingKey; value: Shown; pending?: PendingShown }> {
      const parsed = (
        SETTINGS[key].parse as (i: unknown) => { ok: true; value: unknown } | { ok: false; message: string }
      )(input)
      if (!parsed.ok) throw validationError(`${key}: ${parsed.message}`)
      const guard = SETTINGS[key].guard as { weakens(current: unknown, next: unknown): boolean } | undefined
      const at = now()
      const outcome = await transactionThenWake(db, messageQueued, async (tx) => {
        const current = await readSettingsAt(tx, at)
        const waiting = (await findPendingSettings(tx)).some((c) => c.key === key && c.effectiveAt > at)
        const told = { key, by, was: String(show(key, current[key])) }
        const tell = (message: BotMessage) =>
          queueOpsMessage(tx, config.bot.opsChatId, { ...message, now: at })
        if (guard?.weakens(current[key], parsed.value)) {
          const effectiveAt = new Date(at.getTime() + delaySeconds * 1000)
          // The value in force is stored as it is now (a due change becomes the stored one).
          await upsertSetting(tx, key, current[key])
          await upsertPendingSetting(tx, {
            key,
            value: parsed.value,
            effectiveAt,
            requestedBy: by,
            requestedAt: at,
          })
          const pending = {
            value: show(key, parsed.value),
            effectiveAt: effectiveAt.toISOString(),
            requestedBy: by,
          }
          await tell({
            kind: 'ops_setting_scheduled',
            params: {
              ...told,
              value: String(pending.value),
              effectiveAt: pending.effectiveAt,
              delay: inWords(delaySeconds),
            },
          })
          return { values: current, pending }
        }
        const next = { ...current, [key]: parsed.value } as SettingsValues
        for (const [min, max] of MIN_MAX_PAIRS) {
          if (next[min] > next[max]) throw validationError(`${min} must not be greater than ${max}`)
        }
        await upsertSetting(tx, key, parsed.value)
        if (guard) {
          await deletePendingSetting(tx, key)
          if (waiting || current[key] !== parsed.value)
            await tell({
              kind: 'ops_setting_changed',
              params: { ...told, value: String(show(key, parsed.value)), cancelled: waiting ? 'yes' : '' },
            })
        }
        return { values: next, pending: undefined }
      })
      // Again once committed: a read between the write and the commit may have kept the old values.
      settingsChanged()
      const value = displaySettings(outcome.values)[key]
      return outcome.pending === undefined ? { key, value } : { key, value, pending: outcome.pending }
    },
  }
}
