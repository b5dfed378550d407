import { describe, expect, it } from 'vitest'
import { afterCreation, createButton, offersPaymentRequest } from '#features/invoices/invoice-status.ts'
import { formatNet } from '#lib/format.ts'
import { paymentDashboard } from './fixtures.ts'

describe('invoice rules', () => {
  it.each([
    ['confirmed', true, 'select-method'],
    ['confirmed', false, 'detail'],
    ['pending', true, 'detail'],
    ['validating', true, 'detail'],
    ['rejected', true, 'detail'],
  ] as const)('a new %s invoice with payment open=%s leads to %s', (status, open, next) => {
    expect(afterCreation(status, open)).toBe(next)
  })

  it.each([
    [true, true, true],
    [true, false, false],
    [true, undefined, false],
    [false, true, false],
    [false, false, false],
  ] as const)(
    'request available %s, payments open %s: offers a payment request %s',
    (available, open, offered) => {
      expect(offersPaymentRequest({ isPaymentRequestAvailable: available }, open)).toBe(offered)
    },
  )

  it('formats payouts: toman whole, trx and usdt with 2 decimals', () => {
    expect(formatNet(1_234_567.89, 'irt')).toBe('1,234,567')
    expect(formatNet(41.2, 'trx')).toBe('41.20')
    expect(formatNet(0.3, 'usdt')).toBe('0.30')
  })

  it('disables the button while a creation is in flight', () => {
    const flags = paymentDashboard().invoice
    expect(createButton(flags, false).enabled).toBe(true)
    expect(createButton(flags, true)).toEqual({
      key: 'invoices.create.request',
      amount: '12.50',
      enabled: false,
    })
  })
})
