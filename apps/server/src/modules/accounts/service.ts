/**
 * Accounts as the user sees them (the list with keyset pages, filters and search; the detail) and as
 * operators see and override them.
 */
import type {
  Account,
  AccountFilters,
  AccountSorts,
  AccountStatus,
  Page,
  ValidationStatus,
} from '@app/contract'
import type { Db } from '#db/client.ts'
import type { CursorCodec } from '#lib/cursor.ts'
import { DomainError, notFound } from '#lib/domain-error.ts'
import { epochSeconds } from '#lib/epoch-seconds.ts'
import { assemblePage } from '#lib/keyset.ts'
import { formatUsdt, usdtToWireNumber } from '#lib/money.ts'
import { flagUrl, formatPhoneNumber } from '#lib/phone-number.ts'
import { queueAccountMessage, transactionThenWake } from '../bot-outbox/queue.ts'
import { accrueReferralEarning, removeReferralEarning } from '../referrals/earnings-repository.ts'
import { readSettings } from '../settings/repository.ts'
import {
  type AccountRecord,
  accountIsOnInvoice,
  findAccountOfUser,
  findAccountPage,
  findAccountStatus,
  findAccountsForOperators,
  findAccountsOfUser,
  setAccountStatus,
} from './repository.ts'

export function toAccount(row: AccountRecord): Account {
  return {
    uid: row.uid,
    phone: row.phone,
    formattedPhone: formatPhoneNumber(row.phone),
    flag: flagUrl(row.country),
    country: row.country,
    price: usdtToWireNumber(row.price),
    net: usdtToWireNumber(row.net),
    limitDiscount: row.limitDiscount,
    status: row.status,
    checkLimitStatus: row.checkLimitStatus,
    limitStatus: row.limitStatus,
    validationStatus: row.validationStatus,
    validationAt: row.validationAt === null ? null : epochSeconds(row.validationAt),
    submitType: row.submitType,
    invoice_id: row.invoiceUid,
    validation: {
      status: row.validationStatus,
      check2Fa: row.check2Fa,
      checkAuthorization: row.checkAuthorization,
      checkFreeze: row.checkFreeze,
    },
    checkSingleAuthorization: row.checkSingleAuthorization,
    check2Fa: row.check2Fa,
    checkAuthorization: row.checkAuthorization,
    checkConnection: row.checkConnection,
    checkChats: row.checkChats,
    checkFreeze: row.checkFreeze,
    checkSendMessage: row.checkSendMessage,
    checkAddContact: row.checkAddContact,
    createdAt: epochSeconds(row.createdAt),
  }
}

/**
 * Search text -> what the phone must contain. Spaces, dashes and brackets are ignored (people type
 * numbers as they see them formatted); anything else that is not a digit (or a leading +) can never
 * match a phone, so it answers `null` (an empty page) without a query. A whole number typed with its trunk 0 or
 * the international 00 ('0912 000 0001', '0098 912…': 8 digits or more) drops them: E.164 has neither, and what is
 * left is a part of what was typed, so nothing that matched before is lost.
 */
function normalizePhoneSearch(search: string | undefined): string | undefined | null {
  if (search === undefined) return undefined
  const compact = search.replace(/[\s\-()]/g, '')
  if (compact === '') return undefined
  if (!/^\+?\d+$/.test(compact)) return null
  return compact.length >= 8 ? compact.replace(/^0{1,2}/, '') : compact
}

export type AccountListInput = {
  cursor?: string | undefined
  size: number
  filters?: AccountFilters | undefined
  search?: string | undefined
  sorts?: AccountSorts | undefined
}

export const accountExists = (phone: string) =>
  new DomainError(409, 'DUPLICATE_ENTRY', 'An account with this phone number already exists', {
    field: 'phone',
    value: phone,
  })

/** What operators see of an account (exact amounts, ISO times). */
export function toOpsAccount(row: AccountRecord) {
  return {
    uid: row.uid,
    phone: row.phone,
    country: row.country,
    status: row.status,
    validationStatus: row.validationStatus,
    limitStatus: row.limitStatus,
    price: formatUsdt(row.price),
    net: formatUsdt(row.net),
    submitType: row.submitType,
    validationAt: row.validationAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}
export type OpsAccount = ReturnType<typeof toOpsAccount>

export type AccountServiceDeps = {
  db: Db
  now: () => Date
  cursors: CursorCodec
  /** Wakes the bot's outbox worker once a change that queued a message committed (services.ts). */
  messageQueued?: (() => void) | undefined
}
export function createAccountService({ db, now, cursors, messageQueued }: AccountServiceDeps) {
  return {
    async list(userId: number, input: AccountListInput): Promise<Page<Account>> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const phoneContains = normalizePhoneSearch(input.search)
      if (phoneContains === null) return { items: [], nextPage: null, previousPage: null }
      const order = input.sorts?.[0]?.direction ?? 'desc'
      const rows = await findAccountPage(
        db,
        userId,
        { status: input.filters?.status, noInvoice: input.filters?.noInvoice, phoneContains },
        order,
        input.size + 1,
        from,
      )
      return assemblePage(rows, input.size, from, cursors, toAccount)
    },

    async get(userId: number, uid: string): Promise<Account> {
      const row = await findAccountOfUser(db, userId, uid)
      // Another user's account is indistinguishable from a missing one.
      if (!row) throw notFound('Account not found')
      return toAccount(row)
    },

    // --- Operators ---

    /**
     * An operator's override; pending queues a fresh validation from now. The referrer's earning follows in the
     * same transaction: accepted accrues it (once), any other status removes it unless an invoice carries it;
     * on an unpaid invoice the override is refused like an account on its own invoice, a paid one stays.
     */
    /** Its statuses before an operator changes them (the audit log); null when there is no such account. */
    snapshot: (uid: string) => findAccountStatus(db, uid),

    async overrideStatus(uid: string, status: AccountStatus): Promise<OpsAccount> {
      const row = await transactionThenWake(db, messageQueued, async (tx) => {
        const changed = await setAccountStatus(tx, uid, status, now())
        if (!changed) return undefined
        if (status !== 'pending') {
          const kind = status === 'accepted' ? 'account_accepted' : 'account_rejected'
          await queueAccountMessage(tx, { accountId: changed.id, kind, now: now() })
        }
        if (status === 'accepted') {
          await accrueReferralEarning(tx, changed.id, (await readSettings(tx)).referral_share_percent)
        } else if ((await removeReferralEarning(tx, changed.id)) === 'on_unpaid_invoice') {
          throw new DomainError(
            409,
            'INVALID_STATE',
            "The account's referral earning is on an unpaid invoice; its status cannot change until that invoice is paid or rejected",
          )
        }
        return changed
      })
      if (!row && (await accountIsOnInvoice(db, uid))) {
        throw new DomainError(
          409,
          'INVALID_STATE',
          'The account is on an invoice; its status can no longer change',
        )
      }
      if (!row) throw notFound('Account not found')
      return toOpsAccount(row)
    },

    /** Every user's accounts, newest first, by phone substring, status and validation outcome; paged by cursor. */
    async searchForOperators(input: {
      phone?: string | undefined
      status?: AccountStatus | undefined
      validationStatus?: ValidationStatus | undefined
      cursor?: string | undefined
      limit: number
    }): Promise<{ items: (OpsAccount & { telegramId: number | null })[]; nextPage: string | null }> {
      const from = input.cursor === undefined ? undefined : cursors.decode(input.cursor)
      const phoneContains = normalizePhoneSearch(input.phone)
      if (phoneContains === null) return { items: [], nextPage: null }
      const rows = await findAccountsForOperators(
        db,
        { status: input.status, validationStatus: input.validationStatus, phoneContains },
        input.limit + 1,
        from,
      )
      const page = assemblePage(rows, input.limit, from, cursors, (row) => ({
        ...toOpsAccount(row),
        telegramId: row.telegramId,
      }))
      return { items: page.items, nextPage: page.nextPage }
    },

    /** `userId`: the internal id (the users service's `idOf`). */
    async listOfUser(userId: number, limit: number): Promise<OpsAccount[]> {
      return (await findAccountsOfUser(db, userId, limit)).map(toOpsAccount)
    },
  }
}
