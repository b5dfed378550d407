import { describe, expect, it } from 'vitest'
import { formatDecimal, formatToman } from '../src/amounts.ts'

describe('the digit rule for amounts', () => {
  it('groups the whole part by commas, Latin digits', () => {
    expect(formatToman(1_182_000)).toBe('1,182,000')
    expect(formatToman('1182000')).toBe('1,182,000')
    expect(formatToman(98_500.9)).toBe('98,500')
    expect(formatToman('999')).toBe('999')
    expect(formatDecimal(1234567.5, 2, 6)).toBe('1,234,567.50')
  })

  it('keeps every decimal of an exact string, padding to the minimum', () => {
    expect(formatDecimal('12.345678', 2)).toBe('12.345678')
    expect(formatDecimal('12.5', 2)).toBe('12.50')
    expect(formatDecimal('1000', 2)).toBe('1,000.00')
    expect(formatDecimal('0', 0)).toBe('0')
  })

  it('rounds a number to at most the maximum decimals and drops trailing zeros', () => {
    expect(formatDecimal(3.2145)).toBe('3.2145')
    expect(formatDecimal(0.1 + 0.2)).toBe('0.3')
    expect(formatDecimal(98_500)).toBe('98,500')
    expect(formatDecimal(-1234.5, 0, 2)).toBe('-1,234.5')
    expect(formatDecimal(-0.0000001)).toBe('0')
  })

  it('formats as Intl.NumberFormat en-US did for the mini-app (up to 6 decimals)', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 })
    for (const value of [0, 1, 12.5, 98_500, 1_182_000, 3.2145, 0.000001, 123_456_789.123456, 7.0000004]) {
      expect(formatDecimal(value)).toBe(intl.format(value))
    }
  })

  it('leaves what is not a decimal as it is', () => {
    expect(formatDecimal('n/a')).toBe('n/a')
    expect(formatDecimal(Number.NaN)).toBe('NaN')
  })
})
