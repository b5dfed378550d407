import { describe, expect, it } from 'vitest'
import {
  cardNumberDigits,
  groupCardNumber,
  ibanDigits,
  ibanWithPrefix,
} from '#features/payment-requests/digits.ts'
import { bankCardFormSchema, trxFormSchema, usdtFormSchema } from '#features/payment-requests/form-schemas.ts'
import { formatRate, usdtEquivalent } from '#features/payment-requests/format.ts'
import { groupAddress, netPreview } from '#features/payment-requests/net-preview.ts'
import { serverFieldErrors } from '#features/payment-requests/server-field-errors.ts'
import { explorerUrl, showsPendingNote } from '#features/payment-requests/transaction-texts.ts'
import { ApiError } from '#lib/api-error.ts'
import { formatNet } from '#lib/format.ts'
import { BSC, CARD, IBAN, TRON } from './payment-requests-fixtures.ts'

describe('digits', () => {
  it('keeps only the digits of a card number', () => {
    expect(cardNumberDigits('۶۰۳۷ ۹۹۱۲-3456\u00a07893')).toBe(CARD)
    expect(groupCardNumber(CARD)).toBe('6037 9912 3456 7893')
  })

  it('takes the sheba without IR and adds it once', () => {
    expect(ibanDigits('ir 0501 7000')).toBe('05017000')
    expect(ibanWithPrefix(IBAN.slice(2))).toBe(IBAN)
    expect(ibanWithPrefix(IBAN)).toBe(IBAN)
    expect(ibanWithPrefix('')).toBe('IR')
  })
})

describe('form schemas', () => {
  it('TRX takes a TRON address, USDT a BSC one, both trimmed', () => {
    expect(trxFormSchema.parse({ receiverAddress: ` ${TRON} ` })).toEqual({ receiverAddress: TRON })
    expect(trxFormSchema.safeParse({ receiverAddress: BSC }).success).toBe(false)
    const persian = TRON.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
    expect(trxFormSchema.parse({ receiverAddress: persian })).toEqual({ receiverAddress: TRON })
    expect(usdtFormSchema.parse({ receiverAddress: BSC })).toEqual({ receiverAddress: BSC })
    expect(usdtFormSchema.safeParse({ receiverAddress: TRON }).success).toBe(false)
  })

  it('the toman form outputs the API body: digits, IR prefix', () => {
    expect(
      bankCardFormSchema.parse({
        name: 'رضا',
        family: 'محمدی',
        number: '۶۰۳۷۹۹۱۲۳۴۵۶۷۸۹۳',
        iban: IBAN.slice(2),
      }),
    ).toEqual({ name: 'رضا', family: 'محمدی', number: CARD, iban: IBAN })
  })
})

describe('formatting', () => {
  it('amounts per currency, rates and the USDT equivalent', () => {
    expect(formatNet(49.7, 'usdt')).toBe('49.70')
    expect(formatNet(161.5, 'trx')).toBe('161.50')
    expect(formatNet(4_895_450, 'irt')).toBe('4,895,450')
    expect(formatRate(98_500)).toBe('98,500')
    expect(formatRate(3.214567)).toBe('3.214567')
    // One digit rule: the rate the toman form shows is the transaction's, never '۹۸٬۵۰۰'.
    expect(formatRate(98_500)).not.toMatch(/[\u06F0-\u06F9]/)
    expect(usdtEquivalent(4_895_450, 98_500)).toBe('49.70')
  })

  it('explorer per currency; the 5-minute note for pending crypto only', () => {
    expect(explorerUrl({ currency: 'trx', txid: 'abc' })).toBe('https://tronscan.org/#/transaction/abc')
    expect(explorerUrl({ currency: 'usdt', txid: 'abc' })).toBe('https://bscscan.com/tx/abc')
    expect(explorerUrl({ currency: 'irt', txid: 'abc' })).toBeNull()
    expect(explorerUrl({ currency: 'usdt', txid: null })).toBeNull()
    expect(showsPendingNote({ currency: 'trx', status: 'pending' })).toBe(true)
    expect(showsPendingNote({ currency: 'usdt', status: 'pending' })).toBe(true)
    expect(showsPendingNote({ currency: 'irt', status: 'pending' })).toBe(false)
    expect(showsPendingNote({ currency: 'usdt', status: 'broadcasting' })).toBe(false)
  })
})

describe('server field errors', () => {
  it('reads the fields a 400 VALIDATION_ERROR names', () => {
    const error = new ApiError(
      400,
      'VALIDATION_ERROR',
      'bankCardCreate.number: شماره کارت نامعتبر است; bankCardCreate.iban: شماره شبا نامعتبر است',
    )
    expect(serverFieldErrors(error)).toEqual([
      { field: 'number', text: 'شماره کارت نامعتبر است' },
      { field: 'iban', text: 'شماره شبا نامعتبر است' },
    ])
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'body: Invalid input'))).toEqual([
      { field: 'body', text: 'Invalid input' },
    ])
  })

  it('is null for anything else', () => {
    expect(serverFieldErrors(new ApiError(409, 'PAYMENT_CLOSED', 'closed'))).toBeNull()
    expect(serverFieldErrors(new ApiError(400, 'BALANCE_LOW_ERROR', 'x: y'))).toBeNull()
    expect(serverFieldErrors(new Error('x: y'))).toBeNull()
  })
})

describe('what a payout pays (the server rule, before the request)', () => {
  it('rounds down: trx to the cent, toman whole; usdt less its 0.3 fee', () => {
    expect(netPreview('trx', '12.5', 3.25)).toBe(40.62)
    expect(netPreview('trx', '10', 3.2145)).toBe(32.14)
    expect(netPreview('usdt', '12.5', 1)).toBe(12.2)
    expect(netPreview('irt', '12.5', 98_500)).toBe(1_231_250)
    expect(netPreview('irt', '0.07', 98_765.4321)).toBe(6913)
    // Floats would say 0.1 + 0.2: integers keep 0.30 exact.
    expect(netPreview('usdt', '0.6', 1)).toBe(0.3)
  })

  it('counts the invoice to the micro-USDT, as the server pays it, not the cent the list shows', () => {
    // 1.0685 USDT shows as 1.07: at 98,500 toman the cent-rounded figure would promise 148 toman too many.
    expect(netPreview('irt', '1.0685', 98_500)).toBe(105_247)
    expect(netPreview('trx', '1.0685', 3.5)).toBe(3.73)
    expect(netPreview('usdt', '1.004999', 1)).toBe(0.7)
  })

  it('never below zero, for an amount under the fee', () => {
    expect(netPreview('usdt', '0.2', 1)).toBe(0)
  })

  it('groups an address by four, whole', () => {
    expect(groupAddress(TRON)).toBe('TR7N Hqje KQxG TCi8 q8ZY 4pL8 otSz gjLj 6t')
    expect(groupAddress(BSC).replaceAll(' ', '')).toBe(BSC)
  })
})
