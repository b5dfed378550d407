import { describe, expect, it } from 'vitest'
import { formatNet, formatUsdt } from '#lib/format.ts'

describe('formatUsdt', () => {
  it('writes 2 decimals, the whole part grouped by the digit rule as toman is', () => {
    expect(formatUsdt(0)).toBe('0.00')
    expect(formatUsdt(12.5)).toBe('12.50')
    expect(formatUsdt(999.999)).toBe('1,000.00')
    expect(formatUsdt(1234.56)).toBe('1,234.56')
    expect(formatUsdt(1_000_000)).toBe('1,000,000.00')
    expect(formatUsdt(-0.3)).toBe('-0.30')
    // Payouts in USDT and TRX read as the balance does; toman is whole.
    expect(formatNet(2500.1, 'usdt')).toBe('2,500.10')
    expect(formatNet(123_456_789.9, 'irt')).toBe('123,456,789')
  })
})
