/**
 * Contract shapes are derived, never retyped (issue 39, item 2): no production source writes the bank card's
 * fields by hand, the payment routes read their bodies as the contract types them (no cast), and the reasons a
 * validation fails for are the contract's list, not a copy of it. The scan is checked on planted lines first, so a
 * broken pattern cannot pass everything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'apps/console/src',
  'apps/ops-cli/src',
  'packages/contract/src',
]
const PAYMENT_ROUTES = [
  'apps/server/src/modules/transactions/routes.ts',
  'apps/server/src/modules/bank-cards/routes.ts',
  'apps/server/src/modules/rates/routes.ts',
]

/** A type literal holding the bank card's `family` and `iban` as plain strings. */
const RETYPED_BANK_CARD = /\{[^{}]*\bfamily: string\b[^{}]*\biban: string\b[^{}]*\}/
/** An array literal listing the account checks' reasons in a row. */
const REASONS_LIST = /\[\s*'singleAuthorization',\s*'twoFa',/
/** A cast (`as const` is not one). */
const CAST = /\bas\s+(?!const\b)[A-Za-z_(]/

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const sources = (dirs: string[]) => dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)))
const read = (file: string) => withoutComments(readFileSync(file, 'utf8'))

describe('contract types are derived, never retyped', () => {
  it('the patterns catch planted lines and pass derived ones', () => {
    expect('type Card = { name: string; family: string; number: string; iban: string }').toMatch(
      RETYPED_BANK_CARD,
    )
    expect('type Card = z.infer<typeof BankCardCreateSchema>').not.toMatch(RETYPED_BANK_CARD)
    expect("export const REASONS = [\n  'singleAuthorization',\n  'twoFa',").toMatch(REASONS_LIST)
    expect("const reasons = [...ACCOUNT_CHECK_FAILURES, 'failed'] as const").not.toMatch(REASONS_LIST)
    expect('(payment as (b: unknown) => PaymentRequest)(request.body)').toMatch(CAST)
    expect('route(app, endpoint as typeof paymentRequestCalls.requestTrx, handler)').toMatch(CAST)
    expect("const requests = ['a', 'b'] as const").not.toMatch(CAST)
    expect(withoutComments('/** Paid as the contract says. */\nconst x = 1')).not.toMatch(CAST)
  })

  it('no production source writes the bank card shape by hand', () => {
    const found = sources(SOURCES)
      .filter((file) => RETYPED_BANK_CARD.test(read(file)))
      .map((file) => relative(ROOT, file))
    expect(found).toEqual([])
  })

  it('the payment routes take their bodies as the contract types them, without a cast', () => {
    const found = PAYMENT_ROUTES.map((file) => join(ROOT, file))
      .filter((file) => CAST.test(read(file)))
      .map((file) => relative(ROOT, file))
    expect(found).toEqual([])
  })

  it('the reasons a validation fails for are listed once, in the contract', () => {
    const found = sources(SOURCES)
      .filter((file) => REASONS_LIST.test(read(file)))
      .map((file) => relative(ROOT, file))
    expect(found).toEqual(['packages/contract/src/accounts.ts'])
  })
})
