/**
 * The bot's words (locales/{en,fa}/bot.json) and what each outbox kind renders to: text and, for users, a button
 * that opens the mini-app on the screen the message is about (docs/bot.md). Operators' messages are English.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ScreenLink, screenStartParam } from '@app/contract'
import type { Config } from '../../config.ts'
import type { BotMessageParams } from './repository.ts'

export type BotLanguage = 'en' | 'fa'
export type BotTexts = Record<BotLanguage, Record<string, string>>

/**
 * The bot's words, read on first use (as the mail templates are): a LOCALES_DIR without bot.json fails the
 * message that needs it, recorded by the outbox, instead of the server's start.
 */
export function loadBotTexts(localesDir: string): BotTexts {
  const cache: Partial<BotTexts> = {}
  const read = (lng: BotLanguage) => {
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

export const languageOf = (code: string | null | undefined): BotLanguage =>
  code?.toLowerCase().startsWith('fa') ? 'fa' : 'en'

export function translate(
  texts: BotTexts,
  lng: BotLanguage,
  key: string,
  params: BotMessageParams = {},
): string {
  const template = texts[lng][key] ?? texts.en[key] ?? key
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '')
}

/** `https://t.me/<bot>[/<short name>]?startapp=<param>`: opens the mini-app with the start parameter. */
export function miniAppLink(startParam: string, link: Config['referralLink']): string {
  const path = link.miniAppShortName ? `${link.botUsername}/${link.miniAppShortName}` : link.botUsername
  return `https://t.me/${path}?startapp=${encodeURIComponent(startParam)}`
}

export type InlineKeyboard = { inline_keyboard: { text: string; url: string }[][] }
export type RenderedMessage = { text: string; replyMarkup?: InlineKeyboard | undefined }

const button = (text: string, url: string): InlineKeyboard => ({ inline_keyboard: [[{ text, url }]] })

/** Renders an outbox row; undefined for a kind this version does not know (recorded as failed). */
export function renderMessage(
  texts: BotTexts,
  link: Config['referralLink'],
  kind: string,
  language: string,
  params: BotMessageParams,
): RenderedMessage | undefined {
  const lng = languageOf(language)
  const t = (key: string, extra: BotMessageParams = {}) => translate(texts, lng, key, { ...params, ...extra })
  const open = (key: string, screen: ScreenLink) =>
    button(t(key), miniAppLink(screenStartParam(screen), link))
  const account = () => open('bot.button.account', { kind: 'account', accountUid: params.accountUid ?? '' })
  const invoice = () => open('bot.button.invoice', { kind: 'invoice', invoiceUid: params.invoiceUid ?? '' })
  switch (kind) {
    case 'account_accepted':
      return { text: t('bot.notify.accountAccepted'), replyMarkup: account() }
    case 'account_rejected':
      return { text: t('bot.notify.accountRejected'), replyMarkup: account() }
    case 'account_validation_failed':
      return {
        text: t('bot.notify.accountValidationFailed', {
          reason: t(`bot.reason.${params.reason ?? 'failed'}`),
        }),
        replyMarkup: account(),
      }
    case 'invoice_confirmed':
      return { text: t('bot.notify.invoiceConfirmed'), replyMarkup: invoice() }
    case 'invoice_rejected':
      return { text: t('bot.notify.invoiceRejected'), replyMarkup: invoice() }
    case 'payout_succeeded':
    case 'payout_failed': {
      const key =
        kind === 'payout_failed'
          ? 'bot.notify.payoutFailed'
          : params.link
            ? 'bot.notify.payoutSucceededLink'
            : 'bot.notify.payoutSucceeded'
      return {
        text: t(key),
        replyMarkup: open('bot.button.transaction', {
          kind: 'transaction',
          invoiceUid: params.invoiceUid ?? '',
          transactionUid: params.transactionUid ?? '',
        }),
      }
    }
    case 'start_welcome':
      return {
        text: t('bot.start.welcome'),
        replyMarkup: button(t('bot.start.open'), miniAppLink(params.code ?? '', link)),
      }
    case 'start_no_code':
      return { text: t('bot.start.noCode') }
    case 'help':
      return { text: t('bot.help') }
    case 'ops_invoice_pending':
      return {
        text: `New invoice awaiting confirmation: ${params.amount} USDT from ${params.user}.\nnpm run ops -- invoice confirm ${params.invoiceUid}`,
      }
    case 'ops_payout_requested':
      return {
        text: `New payout request awaiting sending: ${params.amount} ${params.currency} (invoice ${params.invoiceUid}).\nnpm run ops -- transaction list --status pending`,
      }
    case 'ops_payout_in_review':
      return {
        text: `Payout ${params.transactionUid} (${params.amount} ${params.currency}) has been in review for more than a day.`,
      }
    case 'ops_operator_created':
    case 'ops_operator_promoted':
    case 'ops_operator_enabled':
    case 'ops_operator_reset':
    case 'ops_operator_api_token':
      return { text: operatorNotice(kind, params) }
    case 'ops_setting_scheduled':
      return {
        text: `${params.by} set ${params.key} to ${params.value} (now ${params.was}). It asks for fewer approvals, so it applies at ${params.effectiveAt}, ${params.delay} from now. To cancel it: npm run ops -- settings set ${params.key} ${params.was}`,
      }
    case 'ops_setting_changed':
      return {
        text: `${params.by} set ${params.key} to ${params.value} (was ${params.was})${params.cancelled ? '; the change that was waiting is cancelled' : ''}.`,
      }
    default:
      return undefined
  }
}

/**
 * What an admin did to an operator, for the operators' chat (four eyes, docs/console.md): so that a second account
 * of one person, or credentials an admin has seen, do not go unnoticed while the signing delay runs.
 */
function operatorNotice(kind: string, params: BotMessageParams): string {
  const who = `operator ${params.login}`
  const what: Record<string, string> = {
    ops_operator_created: `${params.by} created ${who} (${params.role}).`,
    ops_operator_promoted: `${params.by} changed the role of ${who} from ${params.was} to ${params.role}.`,
    ops_operator_enabled: `${params.by} enabled ${who} (${params.role}) again.`,
    ops_operator_reset: `${params.by} made a new password and authenticator for ${who}.`,
    ops_operator_api_token: `${params.by} issued an API token for ${who}.`,
  }
  const signing = params.from
    ? ` Their approvals and sends of payouts above the approval amount count from ${params.from}.`
    : ''
  return `${what[kind] ?? kind}${signing} Not expected? Disable them: npm run ops -- operator set ${params.login} --disabled true`
}

/** The reason key (`bot.reason.*`) of a failed validation: the first check that failed. */
export function validationReason(checks: {
  checkSingleAuthorization: boolean
  check2Fa: boolean
  checkAuthorization: boolean
  checkConnection: boolean
  checkChats: boolean
  checkFreeze: boolean
  checkSendMessage: boolean
  checkAddContact: boolean
}): string {
  const failed: [string, boolean][] = [
    ['singleAuthorization', !checks.checkSingleAuthorization],
    ['twoFa', !checks.check2Fa],
    ['authorization', !checks.checkAuthorization],
    ['connection', !checks.checkConnection],
    ['chats', !checks.checkChats],
    ['freeze', checks.checkFreeze],
    ['sendMessage', !checks.checkSendMessage],
    ['addContact', !checks.checkAddContact],
  ]
  return failed.find(([, bad]) => bad)?.[0] ?? 'failed'
}
