import type { ChannelStatus, Dashboard } from '@app/contract'
import * as z from 'zod/mini'
import type { SameType } from '../../../lib/same-type.ts'

/*
 * zod/mini twins of the contract's DashboardSchema and ChannelStatusSchema: home is the first screen and
 * must stay small (see lib/api-schemas.ts). Types are pinned to the contract; a test compares behaviour.
 */
const UsdtAmount = z.number().check(z.nonnegative())
const Count = z.int().check(z.nonnegative())

export const DashboardResponseSchema = z.object({
  order: z.object({ isOpen: z.boolean() }),
  user: z.object({
    canAddAccount: z.boolean(),
    canRegisterAccount: z.boolean(),
    canReferrer: z.boolean(),
    referrerTelegramId: z.nullable(z.int()),
  }),
  invoice: z.object({
    isPaymentOpen: z.boolean(),
    isPaymentOpenIrt: z.boolean(),
    isPaymentAvailable: z.boolean(),
    paymentAvailable: UsdtAmount,
    paymentAvailableF: z.string(),
    minPaymentLimit: UsdtAmount,
    maxPaymentLimit: UsdtAmount,
  }),
  account: z.object({ count: Count }),
  referralsCount: Count,
})

export const ChannelStatusResponseSchema = z.object({
  channelUsername: z.nullable(z.string()),
  isUserJoined: z.boolean(),
})

export const sameAsContract: [
  SameType<z.infer<typeof DashboardResponseSchema>, Dashboard>,
  SameType<z.infer<typeof ChannelStatusResponseSchema>, ChannelStatus>,
] = [true, true]
