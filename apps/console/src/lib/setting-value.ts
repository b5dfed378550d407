/**
 * A setting's value as a person reads it (issue 20): 'On', '10 USDT', '3,600 s (1 h)', '10.5%', '@channel' or 'none',
 * the email domains or 'any domain', never the wire's JSON ('"10"'). The kind of each key is the contract's.
 */
import { formatDecimal } from '@app/contract'
import { SETTING_KINDS, type SettingKey } from '@app/contract/ops'

type Value = boolean | string | null | undefined

const UNITS: [number, string][] = [
  [86_400, 'd'],
  [3_600, 'h'],
  [60, 'min'],
  [1, 's'],
]

/** 90 -> '1 min 30 s', 3600 -> '1 h'. */
function duration(seconds: number): string {
  let left = seconds
  const parts: string[] = []
  for (const [size, unit] of UNITS) {
    const count = Math.floor(left / size)
    left -= count * size
    if (count > 0) parts.push(`${count} ${unit}`)
  }
  return parts.join(' ')
}

function seconds(value: string): string {
  const count = Number(value)
  if (!Number.isInteger(count)) return value
  return count >= 60 ? `${formatDecimal(count)} s (${duration(count)})` : `${count} s`
}

export function formatSetting(key: SettingKey, value: Value): string {
  if (value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'On' : 'Off'
  switch (SETTING_KINDS[key]) {
    case 'switch':
      return String(value)
    case 'usdt':
      return value === null ? 'none' : `${formatDecimal(value)} USDT`
    case 'seconds':
      return value === null ? 'none' : seconds(value)
    case 'percent':
      return value === null ? 'none' : `${value}%`
    case 'channel':
      return value === null || value === '' ? 'none' : `@${value}`
    case 'domains':
      return value === null || value === '' ? 'any domain' : value.split(',').join(', ')
    case 'rate':
      return value === null ? 'none' : `${formatDecimal(value)} per USDT`
  }
}

/** What the edit field starts with: the value as the server takes it back ('true', '10', '' for none). */
export function editableSetting(value: Value): string {
  return value === null || value === undefined ? '' : String(value)
}
