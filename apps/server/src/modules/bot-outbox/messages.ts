/**
 * What a bot message may say (docs/bot.md): one typed union of every kind and the parameters its words take, which
 * the queue writes (queue.ts) and the bot's renderer reads (modules/bot/messages.ts).
 */
import { ACCOUNT_CHECK_FAILURES } from '@app/contract'
import * as z from 'zod/mini'

const text = z.string()
const kind = <const K extends string>(...kinds: [K, ...K[]]) =>
  kinds.length === 1 ? z.literal(kinds[0]) : z.enum(kinds)

const account = { accountUid: text, phone: text }
const operatorParams = { by: text, login: text, role: text, from: text, was: z.optional(text) }

/** Every message the bot sends: its kind and the parameters its words take. */
export const BotMessageSchema = z.discriminatedUnion('kind', [
  // To users, in their language, with a button opening the screen the message is about.
  z.object({
    kind: kind('account_accepted'),
    // The account's net in USDT ('2.5'): acceptances sent together say what they add (absent in older rows).
    params: z.object({ ...account, amount: z.optional(text) }),
  }),
  z.object({ kind: kind('account_rejected'), params: z.object(account) }),
  z.object({
    kind: kind('account_validation_failed'),
    // Why (`bot.reason.*`): the contract's first failed check, or `failed` when none says.
    params: z.object({ ...account, reason: z.enum([...ACCOUNT_CHECK_FAILURES, 'failed']) }),
  }),
  z.object({
    kind: kind('invoice_confirmed', 'invoice_rejected'),
    params: z.object({ amount: text, invoiceUid: text }),
  }),
  z.object({
    kind: kind('payout_succeeded', 'payout_failed'),
    params: z.object({
      amount: text,
      currency: text,
      /** The explorer's page of a sent coin payout; absent or empty otherwise. */
      link: z.optional(text),
      invoiceUid: text,
      transactionUid: text,
    }),
  }),
  // Answers to a chat's updates.
  z.object({ kind: kind('start_welcome'), params: z.object({ code: text }) }),
  z.object({ kind: kind('start_member', 'start_no_code', 'help'), params: z.object({}) }),
  // To the operators' chat, in English.
  z.object({
    kind: kind('ops_invoice_pending'),
    params: z.object({ amount: text, invoiceUid: text, user: text }),
  }),
  z.object({
    kind: kind('ops_payout_requested'),
    params: z.object({ amount: text, currency: text, invoiceUid: text }),
  }),
  z.object({
    kind: kind('ops_payout_in_review'),
    params: z.object({ transactionUid: text, amount: text, currency: text }),
  }),
  z.object({
    kind: kind(
      'ops_operator_created',
      'ops_operator_promoted',
      'ops_operator_enabled',
      'ops_operator_reset',
      'ops_operator_api_token',
    ),
    params: z.object(operatorParams),
  }),
  z.object({
    kind: kind('ops_setting_scheduled'),
    params: z.object({ key: text, by: text, was: text, value: text, effectiveAt: text, delay: text }),
  }),
  z.object({
    kind: kind('ops_setting_changed'),
    params: z.object({ key: text, by: text, was: text, value: text, cancelled: z.optional(text) }),
  }),
])
export type BotMessage = z.infer<typeof BotMessageSchema>
export type BotMessageKind = BotMessage['kind']
export type AccountMessage = Extract<BotMessage, { params: { accountUid: string } }>
/** Why a validation failed, as the message to the account's owner says it. */
export type ValidationFailureReason = Extract<
  BotMessage,
  { kind: 'account_validation_failed' }
>['params']['reason']

/** A stored row as the union; undefined for a kind or parameters this version does not know. */
export function parseBotMessage(row: { kind: string; params: unknown }): BotMessage | undefined {
  const parsed = BotMessageSchema.safeParse({ kind: row.kind, params: row.params })
  return parsed.success ? parsed.data : undefined
}
