/**
 * Registering a new account (sign-up: /telegram/auth/*): the code, the login email and its code, resends, and the
 * sign-up itself, which creates the network account and ours. Each use case takes the context first.
 */
import type { AuthSession } from '@app/contract'
import { DomainError } from '#lib/domain-error.ts'
import { formatPhoneNumber, parsePhoneNumber } from '#lib/phone-number.ts'
import { phoneHasAccount } from '../accounts/repository.ts'
import { accountExists } from '../accounts/service.ts'
import type { SubmissionContext } from './context.ts'
import {
  advance,
  chooseEmail,
  createAccount,
  guarded,
  liveFlow,
  ref,
  requireOrderFor,
  requireState,
  resend,
  startFlow,
  verifyEmail,
} from './flow.ts'
import type { Flow } from './repository.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const sessionNotFound = (id: string) =>
  new DomainError(404, 'RESOURCE_NOT_FOUND', 'Session not found', { resource: 'session', id })

const CODE_TYPE_NAMES = {
  app: 'authenticationCodeTypeTelegramMessage',
  sms: 'authenticationCodeTypeSms',
  call: 'authenticationCodeTypeCall',
  flash_call: 'authenticationCodeTypeFlashCall',
  missed_call: 'authenticationCodeTypeMissedCall',
  setup_email_required: 'authenticationCodeTypeSetUpEmailRequired',
  // The session shape has no email type; a code sent by email is entered like an SMS code.
  email: 'authenticationCodeTypeSms',
} as const

function authSession(flow: Flow, extra: Partial<AuthSession> = {}): AuthSession {
  const type = CODE_TYPE_NAMES[flow.codeType]
  const next = flow.nextType === null ? null : CODE_TYPE_NAMES[flow.nextType]
  return {
    sessionId: flow.id,
    phoneNumber: flow.phone,
    formattedPhone: formatPhoneNumber(flow.phone),
    sentCode: {
      type: { '@type': type, ...(flow.codeLength === null ? {} : { length: flow.codeLength }) },
      nextType: next === null ? null : { '@type': next },
      ...(flow.timeoutSeconds === null ? {} : { timeout: flow.timeoutSeconds }),
    },
    sentEmailCode: flow.emailCodeLength === null ? null : { length: flow.emailCodeLength },
    ...extra,
  }
}

async function signupFlow(
  ctx: SubmissionContext,
  userId: number,
  sessionId: string,
  phoneNumber: string,
): Promise<Flow> {
  const phone = parsePhoneNumber(phoneNumber)
  const missing = () => sessionNotFound(sessionId)
  if (!UUID.test(sessionId) || !phone) throw missing()
  return liveFlow(
    ctx,
    { userId, purpose: 'signup', id: sessionId },
    missing,
    (flow) => flow.phone === phone.e164,
  )
}

export async function sendSignupCode(
  ctx: SubmissionContext,
  userId: number,
  typed: { phone: string; country?: string | undefined },
): Promise<AuthSession> {
  return authSession(await startFlow(ctx, userId, typed, 'register', 'signup'))
}

export async function setupSignupEmail(
  ctx: SubmissionContext,
  userId: number,
  sessionId: string,
  phoneNumber: string,
  email: string,
) {
  return authSession(await chooseEmail(ctx, await signupFlow(ctx, userId, sessionId, phoneNumber), email))
}

export async function verifySignupEmail(
  ctx: SubmissionContext,
  userId: number,
  sessionId: string,
  phoneNumber: string,
  code: string,
) {
  const flow = await verifyEmail(ctx, await signupFlow(ctx, userId, sessionId, phoneNumber), code)
  const session = authSession(flow)
  return { ...session, emailVerifiedLogin: { sentCode: session.sentCode } }
}

export async function resendSignupCode(
  ctx: SubmissionContext,
  userId: number,
  sessionId: string,
  phoneNumber: string,
): Promise<AuthSession> {
  return authSession(await resend(ctx, userId, await signupFlow(ctx, userId, sessionId, phoneNumber)))
}

export async function signup(
  ctx: SubmissionContext,
  userId: number,
  sessionId: string,
  phoneNumber: string,
  phoneCode: string,
) {
  const flow = await signupFlow(ctx, userId, sessionId, phoneNumber)
  requireState(flow, 'code_sent')
  // The provider creates the network account only after our own checks would let us keep it.
  await requireOrderFor(ctx, flow.country)
  if (await phoneHasAccount(ctx.db, flow.phone)) throw accountExists(flow.phone)
  const names = await guarded(ctx, flow, () => ctx.accountProvider.signUp({ ...ref(flow), code: phoneCode }))
  await createAccount(ctx, userId, await advance(ctx, flow, { state: 'ready' }))
  return { phoneNumber: flow.phone, ...names }
}
