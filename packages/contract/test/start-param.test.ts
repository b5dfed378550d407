import { describe, expect, it } from 'vitest'
import {
  parseScreenStartParam,
  type ScreenLink,
  START_PARAM_PATTERN,
  screenStartParam,
} from '../src/start-param.ts'

const A = '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e9999'
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

describe('screen start parameters', () => {
  it.each<ScreenLink>([
    { kind: 'account', accountUid: A },
    { kind: 'invoice', invoiceUid: A },
    { kind: 'transaction', transactionUid: B },
    { kind: 'acceptedAccounts' },
  ])('round-trips %o within what Telegram allows in a start parameter (64 characters)', (screen) => {
    const param = screenStartParam(screen)
    expect(param).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(param).toMatch(START_PARAM_PATTERN)
    expect(parseScreenStartParam(param)).toEqual(screen)
  })

  it('opens nothing for referral codes, nothing, and near misses', () => {
    for (const param of [
      null,
      undefined,
      '',
      'S4S3JANTRE',
      'go_a_',
      `go_a_${A}x`,
      `go_x_${A}`,
      `go_t_${A}_${B}`,
      `go_t_${A}x`,
      'go_i_../../x',
      'go_accepted_',
      'go_acceptedx',
    ]) {
      expect(parseScreenStartParam(param)).toBeUndefined()
    }
  })
})
