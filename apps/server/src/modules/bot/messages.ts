/**
 * The bot's words (locales/{en,fa}/bot.json) and what each outbox kind renders to: text and, for users, a button
 * that opens the mini-app on the screen the message is about (docs/bot.md). Operators' messages are English.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  formatDecimal,
  formatToman,
  type Language,
  languageFromTelegram,
  type ScreenLink,
  START_PARAM_PATTERN,
  screenStartParam,
} from '@app/contract'
import { formatUsdt, parseUsdt } from '#lib/money.ts'
import type { Config } from '#src/config.ts'
import { type BotMessage, parseBotMessage } from '../bot-outbox/messages.ts'

export type BotTexts = Record<Language, Record<string, string>>

/**
 * The bot's words, read on first use (as the mail templates are): a LOCALES_DIR without bot.json fails the
 * message that needs it, recorded by the outbox, instead of the server's start.
 */
export function loadBotTexts(localesDir: string): BotTexts {
  const cache: Partial<BotTexts> = {}
  const read = (lng: Language) => {
    cache[lng] ??= JSON.parse(readFileSync(join(localesDir, lng, 'bot.json'), 'utf8')) as Record<
      string,
      string
    >
    return cache[lng]
  }
  return {
    get en() {
      return read('en')
    },
    get fa() {
      return read('fa')
    },
  }
}

function translate(
  texts: BotTexts,
  lng: Language,
  key: string,
  params: Record<string, string | undefined> = {},
): string {
  const template = texts[lng][key] ?? texts.en[key] ?? key
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/**
 * `https://t.me/<bot>[/<short name>]?startapp=<param>`: opens the mini-app with the start parameter. A parameter
 * Telegram would not pass (over 64 characters, or other characters) throws: the message fails with the reason
 * recorded rather than carrying a button that opens nothing.
 */
function miniAppLink(startParam: string, link: Config['referralLink']): string {
  if (!START_PARAM_PATTERN.test(startParam)) {
    throw new Error(`start parameter not within Telegram's 64 characters of A-Z a-z 0-9 _ -: ${startParam}`)
  }
  const path = link.miniAppShortName ? `${link.botUsername}/${link.miniAppShortName}` : link.botUsername
  // Without a parameter: `?startapp` alone opens the bot's main mini-app (a named one needs nothing).
  if (startParam === '') return `https://t.me/${path}${link.miniAppShortName ? '' : '?startapp'}`
  return `https://t.me/${path}?startapp=${startParam}`
}

/** Left-to-right isolate: a Latin run (a phone, '12.50 USDT') keeps its order inside a Persian sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`

/**
 * An amount as the mini-app writes it (the contract's digit rule, `amounts.ts`): toman whole and grouped with its
 * word in the user's language ('1,182,000 تومان', '1,182,000 Toman'); USDT and TRX with at least 2 decimals
 * ('17.50 TRX'), kept left to right in Persian as the app's Persian texts keep them. Stored amounts are plain
 * ('1182000', 'IRT'), so a row queued by an older version reads the same.
 */
function formatMoney(texts: BotTexts, lng: Language, amount: string, currency: string): string {
  if (currency.toLowerCase() === 'irt')
    return `${formatToman(amount)} ${translate(texts, lng, 'bot.currency.irt')}`
  const coin = `${formatDecimal(amount, 2)} ${currency.toUpperCase()}`
  return lng === 'fa' ? ltr(coin) : coin
}

export type InlineKeyboard = { inline_keyboard: { text: string; url: string }[][] }
export type RenderedMessage = { text: string; replyMarkup?: InlineKeyboard | undefined }

const button = (text: string, url: string): InlineKeyboard => ({ inline_keyboard: [[{ text, url }]] })

/**
 * Renders an outbox row; undefined for a kind or parameters this version does not know (recorded as failed).
 * Users' messages are in their language, operators' in English.
 */
export function renderMessage(
  texts: BotTexts,
  link: Config['referralLink'],
  kind: string,
  language: string,
  params: unknown,
): RenderedMessage | undefined {
  const message = parseBotMessage({ kind, params })
  return message && render(texts, link, message, languageFromTelegram(language))
}

/**
 * One message for a user's accounts accepted together (docs/bot.md, 'Acceptances together'): how many and what they
 * add, in the language of the latest, with a button opening the Accepted tab. A lone one renders as before;
 * undefined when a row is not an acceptance this version knows.
 */
export function renderAcceptances(
  texts: BotTexts,
  link: Config['referralLink'],
  rows: readonly { language: string; params: unknown }[],
): RenderedMessage | undefined {
  const last = rows.at(-1)
  if (last === undefined) return undefined
  if (rows.length === 1) return renderMessage(texts, link, 'account_accepted', last.language, last.params)
  let total = 0n
  let everyAmount = true
  for (const row of rows) {
    const message = parseBotMessage({ kind: 'account_accepted', params: row.params })
    if (message?.kind !== 'account_accepted') return undefined
    const amount = message.params.amount === undefined ? undefined : parseUsdt(message.params.amount)
    if (amount === undefined) everyAmount = false
    else total += amount
  }
  const lng = languageFromTelegram(last.language)
  const count = formatDecimal(rows.length)
  const text = everyAmount
    ? translate(texts, lng, 'bot.notify.accountsAccepted', {
        count,
        amount: formatMoney(texts, lng, formatUsdt(total), 'USDT'),
      })
    : translate(texts, lng, 'bot.notify.accountsAcceptedCount', { count })
  const open = miniAppLink(screenStartParam({ kind: 'acceptedAccounts' }), link)
  return { text, replyMarkup: button(translate(texts, lng, 'bot.button.acceptedAccounts'), open) }
}

function render(
  texts: BotTexts,
  link: Config['referralLink'],
  message: BotMessage,
  lng: Language,
): RenderedMessage {
  const t = (key: string, extra: Record<string, string> = {}) =>
    translate(texts, lng, key, { ...message.params, ...extra })
  const open = (key: string, screen: ScreenLink) =>
    button(t(key), miniAppLink(screenStartParam(screen), link))
  switch (message.kind) {
    case 'account_accepted':
    case 'account_rejected':
    case 'account_validation_failed': {
      const replyMarkup = open('bot.button.account', {
        kind: 'account',
        accountUid: message.params.accountUid,
      })
      if (message.kind === 'account_validation_failed') {
        const reason = t(`bot.reason.${message.params.reason}`)
        return { text: t('bot.notify.accountValidationFailed', { reason }), replyMarkup }
      }
      const key =
        message.kind === 'account_accepted' ? 'bot.notify.accountAccepted' : 'bot.notify.accountRejected'
      return { text: t(key), replyMarkup }
    }
    case 'invoice_confirmed':
    case 'invoice_rejected':
      return {
        text: t(
          message.kind === 'invoice_confirmed' ? 'bot.notify.invoiceConfirmed' : 'bot.notify.invoiceRejected',
          { amount: formatMoney(texts, lng, message.params.amount, 'USDT') },
        ),
        replyMarkup: open('bot.button.invoice', { kind: 'invoice', invoiceUid: message.params.invoiceUid }),
      }
    case 'payout_succeeded':
    case 'payout_failed': {
      const { params } = message
      const key =
        message.kind === 'payout_failed'
          ? 'bot.notify.payoutFailed'
          : params.link
            ? 'bot.notify.payoutSucceededLink'
            : 'bot.notify.payoutSucceeded'
      return {
        text: t(key, { amount: formatMoney(texts, lng, params.amount, params.currency) }),
        replyMarkup: open('bot.button.transaction', {
          kind: 'transaction',
          transactionUid: params.transactionUid,
        }),
      }
    }
    case 'support_reply':
      // The operator's words as they wrote them: inserted as a parameter, sent without parse_mode (plain text).
      return {
        text: t('bot.support.reply', { text: message.params.text }),
        replyMarkup: open('bot.button.support', { kind: 'support' }),
      }
    case 'support_received':
      return { text: t('bot.support.received') }
    case 'ops_support_thread': {
      const { user, text, link, reopened } = message.params
      return {
        text: `${reopened ? 'Support thread opened again' : 'New support thread'} from ${user}:\n${text}\n${link}`,
      }
    }
    case 'ops_support_unanswered':
      return {
        text: `A support thread has waited ${message.params.minutes} minutes for an answer:\n${message.params.link}`,
      }
    case 'start_welcome':
      return {
        text: t('bot.start.welcome'),
        replyMarkup: button(t('bot.start.open'), miniAppLink(message.params.code, link)),
      }
    case 'start_member':
      return { text: t('bot.start.member'), replyMarkup: button(t('bot.start.open'), miniAppLink('', link)) }
    case 'start_no_code':
      return { text: t('bot.start.noCode') }
    case 'help':
      return { text: t('bot.help') }
    case 'ops_invoice_pending': {
      const { amount, user, invoiceUid } = message.params
      return {
        text: `New invoice awaiting confirmation: ${formatMoney(texts, 'en', amount, 'USDT')} from ${user}.\nnpm run ops -- invoice confirm ${invoiceUid}`,
      }
    }
    case 'ops_payout_requested': {
      const { amount, currency, invoiceUid } = message.params
      return {
        text: `New payout request awaiting sending: ${formatMoney(texts, 'en', amount, currency)} (invoice ${invoiceUid}).\nnpm run ops -- transaction list --status pending`,
      }
    }
    case 'ops_payout_in_review': {
      const { transactionUid, amount, currency } = message.params
      return {
        text: `Payout ${transactionUid} (${formatMoney(texts, 'en', amount, currency)}) has been in review for more than a day.`,
      }
    }
    case 'ops_operator_created':
    case 'ops_operator_promoted':
    case 'ops_operator_enabled':
    case 'ops_operator_reset':
    case 'ops_operator_api_token':
      return { text: operatorNotice(message) }
    case 'ops_setting_scheduled': {
      const { by, key, value, was, effectiveAt, delay } = message.params
      return {
        text: `${by} set ${key} to ${value} (now ${was}). It asks for fewer approvals, so it applies at ${effectiveAt}, ${delay} from now. To cancel it: npm run ops -- settings set ${key} ${was}`,
      }
    }
    case 'ops_setting_changed': {
      const { by, key, value, was, cancelled } = message.params
      return {
        text: `${by} set ${key} to ${value} (was ${was})${cancelled ? '; the change that was waiting is cancelled' : ''}.`,
      }
    }
  }
}

type OperatorMessage = Extract<BotMessage, { kind: `ops_operator_${string}` }>

/**
 * What an admin did to an operator, for the operators' chat (four eyes, docs/console.md): so that a second account
 * of one person, or credentials an admin has seen, do not go unnoticed while the signing delay runs.
 */
function operatorNotice({ kind, params }: OperatorMessage): string {
  const who = `operator ${params.login}`
  const what: Record<OperatorMessage['kind'], string> = {
    ops_operator_created: `${params.by} created ${who} (${params.role}).`,
    ops_operator_promoted: `${params.by} changed the role of ${who} from ${params.was} to ${params.role}.`,
    ops_operator_enabled: `${params.by} enabled ${who} (${params.role}) again.`,
    ops_operator_reset: `${params.by} made a new password and authenticator for ${who}.`,
    ops_operator_api_token: `${params.by} issued an API token for ${who}.`,
  }
  const signing = params.from
    ? ` Their approvals and sends of payouts above the approval amount count from ${params.from}.`
    : ''
  return `${what[kind]}${signing} Not expected? Disable them: npm run ops -- operator set ${params.login} --disabled true`
}
