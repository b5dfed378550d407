/**
 * Submitting an existing account (login: /telegram/submit-account-*): the phone, the login email and its code,
 * resends, the login code and the 2FA password, then the account. Each use case takes the context first.
 */
import type { Account, CodeStepResponse, SentCodeInfo, SubmitType } from '@app/contract'
import { DomainError } from '#lib/domain-error.ts'
import { formatPhoneNumber } from '#lib/phone-number.ts'
import { toAccount } from '../accounts/service.ts'
import type { SubmissionContext } from './context.ts'
import {
  advance,
  chooseEmail,
  createAccount,
  flowNotFound,
  guarded,
  liveFlow,
  ref,
  requireState,
  resend,
  startFlow,
  verifyEmail,
} from './flow.ts'
import type { Flow } from './repository.ts'

function sentCodeInfo(flow: Flow): SentCodeInfo {
  return {
    codeType: flow.codeType,
    nextType: flow.nextType,
    length: flow.codeLength,
    timeout: flow.timeoutSeconds,
  }
}

const codeStep = (flow: Flow): CodeStepResponse => ({
  sentCodeInfo: sentCodeInfo(flow),
  phone: flow.phone,
  formattedPhone: formatPhoneNumber(flow.phone),
})

const currentLoginFlow = (ctx: SubmissionContext, userId: number) =>
  liveFlow(ctx, { userId, purpose: 'login' }, flowNotFound)

export async function submitPhone(
  ctx: SubmissionContext,
  userId: number,
  typed: { phone: string; country?: string | undefined },
  submitType: SubmitType,
): Promise<CodeStepResponse> {
  return codeStep(await startFlow(ctx, userId, typed, submitType, 'login'))
}

export async function submitEmail(ctx: SubmissionContext, userId: number, email: string) {
  const flow = await chooseEmail(ctx, await currentLoginFlow(ctx, userId), email)
  return { email, emailCode: { length: flow.emailCodeLength ?? 6 } }
}

export async function submitEmailCode(
  ctx: SubmissionContext,
  userId: number,
  code: string,
): Promise<CodeStepResponse> {
  return codeStep(await verifyEmail(ctx, await currentLoginFlow(ctx, userId), code))
}

export async function resendCode(ctx: SubmissionContext, userId: number): Promise<CodeStepResponse> {
  return codeStep(await resend(ctx, userId, await currentLoginFlow(ctx, userId)))
}

/** 200 {ready} or 303 PASSWORD_REQUIRED; a password sent along is tried at once. */
export async function submitCode(
  ctx: SubmissionContext,
  userId: number,
  code: string,
  password: string | undefined,
): Promise<{ ready: true }> {
  const provider = ctx.accountProvider
  const flow = await currentLoginFlow(ctx, userId)
  requireState(flow, 'code_sent')
  const check = await guarded(ctx, flow, () => provider.submitCode({ ...ref(flow), code }))
  if (check.status === 'ok') {
    await advance(ctx, flow, { state: 'ready' })
    return { ready: true }
  }
  const waiting = await advance(ctx, flow, { state: 'password_required' })
  if (password === undefined || password === '') {
    throw new DomainError(303, 'PASSWORD_REQUIRED', 'This account has a 2FA password')
  }
  await guarded(ctx, waiting, () => provider.submitPassword({ ...ref(waiting), password }))
  await advance(ctx, waiting, { state: 'ready' })
  return { ready: true }
}

export async function submitPassword(
  ctx: SubmissionContext,
  userId: number,
  password: string,
): Promise<{ ready: true }> {
  const flow = await currentLoginFlow(ctx, userId)
  requireState(flow, 'password_required')
  await guarded(ctx, flow, () => ctx.accountProvider.submitPassword({ ...ref(flow), password }))
  await advance(ctx, flow, { state: 'ready' })
  return { ready: true }
}

export async function submitAccount(ctx: SubmissionContext, userId: number): Promise<Account> {
  const flow = await currentLoginFlow(ctx, userId)
  const { account } = await createAccount(ctx, userId, flow)
  return toAccount(account)
}
