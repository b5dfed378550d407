/**
 * The steps login and sign-up share: starting a flow (checks, the first code), moving it on, counting wrong
 * answers, finding the user's live flow, the email steps, resending a code, and creating the account once the
 * provider accepted the login. Each takes the submission's context first (context.ts).
 */
import type { SubmitType } from '@app/contract'
import { DomainError } from '#lib/domain-error.ts'
import { isPhoneCountry, parsePhoneNumber, phoneCountryOf } from '#lib/phone-number.ts'
import type { CodePurpose, SentCode } from '#providers/account-provider.ts'
import { insertAccount, phoneHasAccount, setNewAccountPrice } from '../accounts/repository.ts'
import { accountExists } from '../accounts/service.ts'
import { findOrder, takeOrderCapacity } from '../orders/repository.ts'
import { orderUnavailable, requireOpenOrder } from '../orders/service.ts'
import { readSettings } from '../settings/repository.ts'
import type { SubmissionContext } from './context.ts'
import { callProvider } from './provider-errors.ts'
import {
  advanceFlow,
  countFailedAttempt,
  deleteFlow,
  type Flow,
  type FlowState,
  findFlow,
  findStoredFlow,
  findUserFlags,
  replaceFlow,
  setPhoneCountry,
  type UserFlags,
} from './repository.ts'
import { consumeCodeSend } from './send-limits.ts'

/** A flow left alone this long is gone; each step gives it this long again. */
const FLOW_TTL_SECONDS = 15 * 60
/** Wrong codes, email codes and passwords allowed per flow before it is closed. */
const MAX_FAILED_ATTEMPTS = 5

const invalidPhone = () => new DomainError(422, 'INVALID_PHONE_NUMBER', 'Invalid phone number.')
const unknownCountry = () => new DomainError(400, 'VALIDATION_ERROR', 'country: Unknown country')
export const flowNotFound = () =>
  new DomainError(404, 'FLOW_NOT_FOUND', 'Account not found', { resource: 'account submission' })
const flowEnded = (reason: 'expired' | 'too_many_attempts') =>
  new DomainError(
    410,
    'FLOW_ENDED',
    reason === 'expired' ? 'This code has expired: start again' : 'Too many tries: start again',
    { reason },
  )
const unexpectedStep = (state: FlowState) =>
  new DomainError(400, 'UNEXPECTED_CODE_TYPE', 'This step does not match the code that was sent', {
    expected: state,
  })

const expiresAt = (ctx: SubmissionContext) => new Date(ctx.now().getTime() + FLOW_TTL_SECONDS * 1000)

const codeFields = (sent: SentCode) => ({
  providerSession: sent.session,
  codeType: sent.codeType,
  nextType: sent.nextType,
  codeLength: sent.length,
  timeoutSeconds: sent.timeout,
})

/** The flow as the provider knows it. */
export const ref = (flow: Flow) => ({
  phone: flow.phone,
  purpose: flow.purpose,
  session: flow.providerSession,
})

async function requireAllowed(
  { db }: SubmissionContext,
  userId: number,
  submitType: SubmitType,
): Promise<UserFlags> {
  const flags = await findUserFlags(db, userId)
  const allowed = submitType === 'login' ? flags?.canAddAccount : flags?.canRegisterAccount
  if (!flags || allowed !== true) {
    throw new DomainError(
      403,
      'ACCOUNT_SUBMIT_FORBIDDEN',
      submitType === 'login' ? 'You may not add accounts' : 'You may not register accounts',
      { submitType },
    )
  }
  return flags
}

/** Throws unless accounts of this country can be submitted now. */
export async function requireOrderFor({ db }: SubmissionContext, country: string): Promise<void> {
  const [settings, order] = await Promise.all([readSettings(db), findOrder(db, country)])
  requireOpenOrder(country, settings.order_open, order)
}

/**
 * Checks everything a new flow needs, sends the first code and stores the flow. A country the user picked is
 * remembered for their next number, valid or not: it is their choice of screen, not the number's.
 */
export async function startFlow(
  ctx: SubmissionContext,
  userId: number,
  typed: { phone: string; country?: string | undefined },
  submitType: SubmitType,
  purpose: CodePurpose,
): Promise<Flow> {
  const { db } = ctx
  const flags = await requireAllowed(ctx, userId, submitType)
  if (typed.country !== undefined) {
    if (!isPhoneCountry(typed.country)) throw unknownCountry()
    await setPhoneCountry(db, userId, typed.country)
  }
  const phone = parsePhoneNumber(typed.phone, typed.country ?? phoneCountryOf(flags))
  if (!phone) throw invalidPhone()
  await requireOrderFor(ctx, phone.country)
  if (await phoneHasAccount(db, phone.e164)) throw accountExists(phone.e164)
  await consumeCodeSend(db, ctx.config.codeSendLimits, { userId, phone: phone.e164 }, ctx.now())
  const sent = await callProvider(phone.e164, () =>
    ctx.accountProvider.sendCode({ phone: phone.e164, purpose }),
  )
  return replaceFlow(db, {
    userId,
    purpose,
    submitType,
    phone: phone.e164,
    country: phone.country,
    state: sent.codeType === 'setup_email_required' ? 'email_required' : 'code_sent',
    ...codeFields(sent),
    email: null,
    emailCodeLength: null,
    expiresAt: expiresAt(ctx),
  })
}

/** Moves the flow on; a lost race (another request moved it first) reads as a missing flow. */
export async function advance(
  ctx: SubmissionContext,
  flow: Flow,
  changes: Parameters<typeof advanceFlow>[3],
): Promise<Flow> {
  const next = await advanceFlow(ctx.db, flow.id, flow.state, { ...changes, expiresAt: expiresAt(ctx) })
  if (!next) throw flowNotFound()
  return next
}

/**
 * Runs a check that may fail with a wrong answer; counts it. The fifth closes the flow: it stays stored, so the
 * next step hears why (410 FLOW_ENDED) rather than that there is none.
 */
export async function guarded<T>(ctx: SubmissionContext, flow: Flow, check: () => Promise<T>): Promise<T> {
  if (flow.attempts >= MAX_FAILED_ATTEMPTS) throw flowEnded('too_many_attempts')
  try {
    return await callProvider(flow.phone, check)
  } catch (error) {
    if (
      error instanceof DomainError &&
      (error.code === 'INVALID_CODE' || error.code === 'INVALID_PASSWORD') &&
      error.statusCode === 400
    ) {
      const attempts = await countFailedAttempt(ctx.db, flow.id)
      const attemptsLeft = Math.max(0, MAX_FAILED_ATTEMPTS - attempts)
      throw new DomainError<'INVALID_CODE' | 'INVALID_PASSWORD'>(400, error.code, error.message, {
        attemptsLeft,
      })
    }
    throw error
  }
}

/** The user's flow if it can take a step: none is `missing`, an ended one 410 FLOW_ENDED with the reason. */
export async function liveFlow(
  ctx: SubmissionContext,
  where: Parameters<typeof findStoredFlow>[1],
  missing: () => DomainError,
  matches: (flow: Flow) => boolean = () => true,
): Promise<Flow> {
  const flow = await findStoredFlow(ctx.db, where)
  if (!flow || !matches(flow)) throw missing()
  if (flow.expiresAt.getTime() <= ctx.now().getTime()) throw flowEnded('expired')
  if (flow.attempts >= MAX_FAILED_ATTEMPTS) throw flowEnded('too_many_attempts')
  return flow
}

export function requireState(flow: Flow, ...states: FlowState[]): void {
  if (!states.includes(flow.state)) throw unexpectedStep(flow.state)
}

export async function chooseEmail(ctx: SubmissionContext, flow: Flow, email: string): Promise<Flow> {
  requireState(flow, 'email_required', 'email_code_sent')
  const { emailCodeLength } = await callProvider(flow.phone, () =>
    ctx.accountProvider.setupLoginEmail({ ...ref(flow), email }),
  )
  return advance(ctx, flow, { state: 'email_code_sent', email, emailCodeLength })
}

export async function verifyEmail(ctx: SubmissionContext, flow: Flow, code: string): Promise<Flow> {
  requireState(flow, 'email_code_sent')
  const email = flow.email ?? ''
  const sent = await guarded(ctx, flow, () =>
    ctx.accountProvider.verifyLoginEmail({ ...ref(flow), email, code }),
  )
  return advance(ctx, flow, { state: 'code_sent', ...codeFields(sent) })
}

export async function resend(ctx: SubmissionContext, userId: number, flow: Flow): Promise<Flow> {
  requireState(flow, 'code_sent')
  await consumeCodeSend(ctx.db, ctx.config.codeSendLimits, { userId, phone: flow.phone }, ctx.now())
  const sent = await callProvider(flow.phone, () =>
    ctx.accountProvider.resendCode({
      ...ref(flow),
      codeType: flow.codeType,
      nextType: flow.nextType,
    }),
  )
  return advance(ctx, flow, codeFields(sent))
}

/**
 * Creates the account from a flow the provider has accepted, in one transaction: the flow is
 * consumed (row lock: two submits of one flow create one account), one unit of the order's capacity
 * is taken, and the phone's uniqueness is enforced by the database.
 * The capacity is taken last: every submission of a country locks that one order row, so it is held
 * only through the commit (held across the insert, a cold start queued submissions for seconds).
 */
export async function createAccount(ctx: SubmissionContext, userId: number, ready: Flow) {
  const { db } = ctx
  // Outside the transaction: PGlite has one connection, a query beside an open transaction would wait forever.
  await requireAllowed(ctx, userId, ready.submitType)
  const [settings, order] = await Promise.all([readSettings(db), findOrder(db, ready.country)])
  const { purpose } = ready
  return db.transaction(async (tx) => {
    const flow = await findFlow(tx, { userId, purpose, id: ready.id }, ctx.now(), { forUpdate: true })
    if (flow?.state !== 'ready') throw flowNotFound()
    const { price } = requireOpenOrder(flow.country, settings.order_open, order)
    const inserted = await insertAccount(tx, {
      userId,
      phone: flow.phone,
      country: flow.country,
      price,
      submitType: flow.submitType,
      validationAt: new Date(ctx.now().getTime() + settings.validation_delay_seconds * 1000),
    })
    if (!inserted) throw accountExists(flow.phone)
    await deleteFlow(tx, flow.id)
    const takenAt = await takeOrderCapacity(tx, flow.country)
    if (takenAt === undefined) throw orderUnavailable(flow.country, 'capacity')
    // An operator changed the price since it was read: the account earns the price its capacity was taken at.
    const account = takenAt === price ? inserted : await setNewAccountPrice(tx, inserted.id, takenAt)
    return { flow, account }
  })
}
