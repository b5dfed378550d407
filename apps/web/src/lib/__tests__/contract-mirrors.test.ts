import {
  ChannelStatusSchema,
  DashboardSchema,
  ErrorResponseSchema,
  ReferralCodeSchema,
  TokenPairSchema,
} from '@app/contract'
import { describe, expect, it } from 'vitest'
import type { $ZodType } from 'zod/v4/core'
import { safeParse } from 'zod/v4/core'
import { REFERRAL_CODE_PATTERN } from '../../features/auth/api/authorize-telegram.ts'
import {
  ChannelStatusResponseSchema,
  DashboardResponseSchema,
} from '../../features/dashboard/api/dashboard-schemas.ts'
import { channelStatusFixture, dashboardFixture } from '../../testing/fixtures.ts'
import {
  ErrorResponseSchema as ErrorResponseMirror,
  TokenPairSchema as TokenPairMirror,
} from '../api-schemas.ts'

/** Every way to spoil one field: wrong types, null, missing, negative, fractional. */
const SPOILERS: unknown[] = ['text', 7, -1, 1.5, true, null, undefined, {}, []]

function variants(value: unknown): unknown[] {
  const out: unknown[] = [value]
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      for (const variant of [...variants(inner), ...SPOILERS]) out.push({ ...value, [key]: variant })
    }
  }
  return out
}

function expectSameVerdicts(contract: $ZodType, mirror: $ZodType, sample: unknown) {
  for (const candidate of variants(sample)) {
    const expected = safeParse(contract, candidate).success
    expect(safeParse(mirror, candidate).success, JSON.stringify(candidate)).toBe(expected)
  }
}

describe('first-screen schema mirrors agree with the contract', () => {
  it('dashboard', () => {
    expectSameVerdicts(DashboardSchema, DashboardResponseSchema, dashboardFixture({ canReferrer: true }))
  })

  it('channel status', () => {
    expectSameVerdicts(
      ChannelStatusSchema,
      ChannelStatusResponseSchema,
      channelStatusFixture({ channelUsername: 'c' }),
    )
  })

  it('token pair', () => {
    expectSameVerdicts(TokenPairSchema, TokenPairMirror, { accessToken: 'a', refreshToken: 'r' })
    expectSameVerdicts(TokenPairSchema, TokenPairMirror, { accessToken: '', refreshToken: '' })
  })

  it('error response', () => {
    expectSameVerdicts(ErrorResponseSchema, ErrorResponseMirror, {
      statusCode: 400,
      code: 'X',
      message: 'm',
      details: { a: 1 },
    })
  })

  it('referral code pattern', () => {
    for (const code of [
      'abcd',
      'a_b-c1',
      'abc',
      'x'.repeat(64),
      'x'.repeat(65),
      'with space',
      'ünï',
      'abcd\n',
    ]) {
      expect(REFERRAL_CODE_PATTERN.test(code), code).toBe(ReferralCodeSchema.safeParse(code).success)
    }
  })
})
