/**
 * Submitting an account (login: /telegram/submit-account-*) and registering a new one
 * (sign-up: /telegram/auth/*). The flow's progress lives in the database (any server process can
 * take the next step); codes and passwords go to the provider and are never stored or logged.
 */
import type { Account, AuthSession, CodeStepResponse, SentCodeInfo, SubmitType } from '@app/contract'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { DomainError } from '../../lib/domain-error.ts'
import {
  formatPhoneNumber,
  isPhoneCountry,
  parsePhoneNumber,
  phoneCountryOf,
} from '../../lib/phone-number.ts'
import type { AccountProvider, CodePurpose, SentCode } from '../../providers/account-provider.ts'
import { insertAccount, phoneHasAccount, setNewAccountPrice } from '../accounts/repository.ts'
import { accountExists, toAccount } from '../accounts/service.ts'
import { findOrder, takeOrderCapacity } from '../orders/repository.ts'
import { orderUnavailable, requireOpenOrder } from '../orders/service.ts'
import { readSettings } from '../settings/repository.ts'
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

export type AccountSubmissionServiceDeps = {
  db: Db
  accountProvider: AccountProvider
  now: () => Date
  config: Pick<Config, 'codeSendLimits'>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const invalidPhone = () => new DomainError(422, 'INVALID_PHONE_NUMBER', 'Invalid phone number.')
const unknownCountry = () => new DomainError(400, 'VALIDATION_ERROR', 'country: Unknown country')
const flowNotFound = () =>
  new DomainError(404, 'FLOW_NOT_FOUND', 'Account not found', { resource: 'account submission' })
const flowEnded = (reason: 'expired' | 'too_many_attempts') =>
  new DomainError(
    410,
    'FLOW_ENDED',
    reason === 'expired' ? 'This code has expired: start again' : 'Too many tries: start again',
    { reason },
  )
const sessionNotFound = (id: string) =>
  new DomainError(404, 'RESOURCE_NOT_FOUND', 'Session not found', { resource: 'session', id })
const unexpectedStep = (state: FlowState) =>
  new DomainError(400, 'UNEXPECTED_CODE_TYPE', 'This step does not match the code that was sent', {
    expected: state,
  })

function sentCodeInfo(flow: Flow): SentCodeInfo {
  return {
    codeType: flow.codeType,
    nextType: flow.nextType,
    length: flow.codeLength,
    timeout: flow.timeoutSeconds,
  }
}

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

const codeFields = (sent: SentCode) => ({
  providerSession: sent.session,
  codeType: sent.codeType,
  nextType: sent.nextType,
  codeLength: sent.length,
  timeoutSeconds: sent.timeout,
})

export function createAccountSubmissionService(deps: AccountSubmissionServiceDeps) {
  const { db, accountProvider: provider } = deps
  const expiresAt = () => new Date(deps.now().getTime() + FLOW_TTL_SECONDS * 1000)

  async function requireAllowed(userId: number, submitType: SubmitType): Promise<UserFlags> {
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
  async function requireOrderFor(country: string): Promise<void> {
    const [settings, order] = await Promise.all([readSettings(db), findOrder(db, country)])
    requireOpenOrder(country, settings.order_open, order)
  }

  /**
   * Checks everything a new flow needs, sends the first code and stores the flow. A country the user picked is
   * remembered for their next number, valid or not: it is their choice of screen, not the number's.
   */
  async function startFlow(
    userId: number,
    typed: { phone: string; country?: string | undefined },
    submitType: SubmitType,
    purpose: CodePurpose,
  ): Promise<Flow> {
    const flags = await requireAllowed(userId, submitType)
    if (typed.country !== undefined) {
      if (!isPhoneCountry(typed.country)) throw unknownCountry()
      await setPhoneCountry(db, userId, typed.country)
    }
    const phone = parsePhoneNumber(typed.phone, typed.country ?? phoneCountryOf(flags))
    if (!phone) throw invalidPhone()
    await requireOrderFor(phone.country)
    if (await phoneHasAccount(db, phone.e164)) throw accountExists(phone.e164)
    await consumeCodeSend(db, deps.config.codeSendLimits, { userId, phone: phone.e164 }, deps.now())
    const sent = await callProvider(phone.e164, () => provider.sendCode({ phone: phone.e164, purpose }))
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
      expiresAt: expiresAt(),
    })
  }

  /** Moves the flow on; a lost race (another request moved it first) reads as a missing flow. */
  async function advance(flow: Flow, changes: Parameters<typeof advanceFlow>[3]): Promise<Flow> {
    const next = await advanceFlow(db, flow.id, flow.state, { ...changes, expiresAt: expiresAt() })
    if (!next) throw flowNotFound()
    return next
  }

  /**
   * Runs a check that may fail with a wrong answer; counts it. The fifth closes the flow: it stays stored, so the
   * next step hears why (410 FLOW_ENDED) rather than that there is none.
   */
  async function guarded<T>(flow: Flow, check: () => Promise<T>): Promise<T> {
    if (flow.attempts >= MAX_FAILED_ATTEMPTS) throw flowEnded('too_many_attempts')
    try {
      return await callProvider(flow.phone, check)
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.code === 'INVALID_CODE' || error.code === 'INVALID_PASSWORD') &&
        error.statusCode === 400
      ) {
        const attempts = await countFailedAttempt(db, flow.id)
        const attemptsLeft = Math.max(0, MAX_FAILED_ATTEMPTS - attempts)
        throw new DomainError<'INVALID_CODE' | 'INVALID_PASSWORD'>(400, error.code, error.message, {
          attemptsLeft,
        })
      }
      throw error
    }
  }

  /** The user's flow if it can take a step: none is `missing`, an ended one 410 FLOW_ENDED with the reason. */
  async function liveFlow(
    where: Parameters<typeof findStoredFlow>[1],
    missing: () => DomainError,
    matches: (flow: Flow) => boolean = () => true,
  ): Promise<Flow> {
    const flow = await findStoredFlow(db, where)
    if (!flow || !matches(flow)) throw missing()
    if (flow.expiresAt.getTime() <= deps.now().getTime()) throw flowEnded('expired')
    if (flow.attempts >= MAX_FAILED_ATTEMPTS) throw flowEnded('too_many_attempts')
    return flow
  }

  function requireState(flow: Flow, ...states: FlowState[]): void {
    if (!states.includes(flow.state)) throw unexpectedStep(flow.state)
  }

  const ref = (flow: Flow) => ({ phone: flow.phone, purpose: flow.purpose, session: flow.providerSession })

  async function chooseEmail(flow: Flow, email: string): Promise<Flow> {
    requireState(flow, 'email_required', 'email_code_sent')
    const { emailCodeLength } = await callProvider(flow.phone, () =>
      provider.setupLoginEmail({ ...ref(flow), email }),
    )
    return advance(flow, { state: 'email_code_sent', email, emailCodeLength })
  }

  async function verifyEmail(flow: Flow, code: string): Promise<Flow> {
    requireState(flow, 'email_code_sent')
    const email = flow.email ?? ''
    const sent = await guarded(flow, () => provider.verifyLoginEmail({ ...ref(flow), email, code }))
    return advance(flow, { state: 'code_sent', ...codeFields(sent) })
  }

  async function resend(userId: number, flow: Flow): Promise<Flow> {
    requireState(flow, 'code_sent')
    await consumeCodeSend(db, deps.config.codeSendLimits, { userId, phone: flow.phone }, deps.now())
    const sent = await callProvider(flow.phone, () =>
      provider.resendCode({
        ...ref(flow),
        codeType: flow.codeType,
        nextType: flow.nextType,
      }),
    )
    return advance(flow, codeFields(sent))
  }

  /**
   * Creates the account from a flow the provider has accepted, in one transaction: the flow is
   * consumed (row lock: two submits of one flow create one account), one unit of the order's capacity
   * is taken, and the phone's uniqueness is enforced by the database.
   * The capacity is taken last: every submission of a country locks that one order row, so it is held
   * only through the commit (held across the insert, a cold start queued submissions for seconds).
   */
  async function createAccount(userId: number, ready: Flow) {
    // Outside the transaction: PGlite has one connection, a query beside an open transaction would wait forever.
    await requireAllowed(userId, ready.submitType)
    const [settings, order] = await Promise.all([readSettings(db), findOrder(db, ready.country)])
    const { purpose } = ready
    return db.transaction(async (tx) => {
      const flow = await findFlow(tx, { userId, purpose, id: ready.id }, deps.now(), { forUpdate: true })
      if (flow?.state !== 'ready') throw flowNotFound()
      const { price } = requireOpenOrder(flow.country, settings.order_open, order)
      const inserted = await insertAccount(tx, {
        userId,
        phone: flow.phone,
        country: flow.country,
        price,
        submitType: flow.submitType,
        validationAt: new Date(deps.now().getTime() + settings.validation_delay_seconds * 1000),
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

  const currentLoginFlow = (userId: number) => liveFlow({ userId, purpose: 'login' }, flowNotFound)

  async function signupFlow(userId: number, sessionId: string, phoneNumber: string): Promise<Flow> {
    const phone = parsePhoneNumber(phoneNumber)
    const missing = () => sessionNotFound(sessionId)
    if (!UUID.test(sessionId) || !phone) throw missing()
    return liveFlow(
      { userId, purpose: 'signup', id: sessionId },
      missing,
      (flow) => flow.phone === phone.e164,
    )
  }

  const codeStep = (flow: Flow): CodeStepResponse => ({
    sentCodeInfo: sentCodeInfo(flow),
    phone: flow.phone,
    formattedPhone: formatPhoneNumber(flow.phone),
  })

  return {
    // Login (submit an existing account)
    async submitPhone(
      userId: number,
      typed: { phone: string; country?: string | undefined },
      submitType: SubmitType,
    ): Promise<CodeStepResponse> {
      return codeStep(await startFlow(userId, typed, submitType, 'login'))
    },

    async submitEmail(userId: number, email: string) {
      const flow = await chooseEmail(await currentLoginFlow(userId), email)
      return { email, emailCode: { length: flow.emailCodeLength ?? 6 } }
    },

    async submitEmailCode(userId: number, code: string): Promise<CodeStepResponse> {
      return codeStep(await verifyEmail(await currentLoginFlow(userId), code))
    },

    async resendCode(userId: number): Promise<CodeStepResponse> {
      return codeStep(await resend(userId, await currentLoginFlow(userId)))
    },

    /** 200 {ready} or 303 PASSWORD_REQUIRED; a password sent along is tried at once. */
    async submitCode(userId: number, code: string, password: string | undefined): Promise<{ ready: true }> {
      const flow = await currentLoginFlow(userId)
      requireState(flow, 'code_sent')
      const check = await guarded(flow, () => provider.submitCode({ ...ref(flow), code }))
      if (check.status === 'ok') {
        await advance(flow, { state: 'ready' })
        return { ready: true }
      }
      const waiting = await advance(flow, { state: 'password_required' })
      if (password === undefined || password === '') {
        throw new DomainError(303, 'PASSWORD_REQUIRED', 'This account has a 2FA password')
      }
      await guarded(waiting, () => provider.submitPassword({ ...ref(waiting), password }))
      await advance(waiting, { state: 'ready' })
      return { ready: true }
    },

    async submitPassword(userId: number, password: string): Promise<{ ready: true }> {
      const flow = await currentLoginFlow(userId)
      requireState(flow, 'password_required')
      await guarded(flow, () => provider.submitPassword({ ...ref(flow), password }))
      await advance(flow, { state: 'ready' })
      return { ready: true }
    },

    async submitAccount(userId: number): Promise<Account> {
      const flow = await currentLoginFlow(userId)
      const { account } = await createAccount(userId, flow)
      return toAccount(account)
    },

    // Sign-up (register a new account)
    async sendSignupCode(
      userId: number,
      typed: { phone: string; country?: string | undefined },
    ): Promise<AuthSession> {
      return authSession(await startFlow(userId, typed, 'register', 'signup'))
    },

    async setupSignupEmail(userId: number, sessionId: string, phoneNumber: string, email: string) {
      return authSession(await chooseEmail(await signupFlow(userId, sessionId, phoneNumber), email))
    },

    async verifySignupEmail(userId: number, sessionId: string, phoneNumber: string, code: string) {
      const flow = await verifyEmail(await signupFlow(userId, sessionId, phoneNumber), code)
      const session = authSession(flow)
      return { ...session, emailVerifiedLogin: { sentCode: session.sentCode } }
    },

    async resendSignupCode(userId: number, sessionId: string, phoneNumber: string): Promise<AuthSession> {
      return authSession(await resend(userId, await signupFlow(userId, sessionId, phoneNumber)))
    },

    async signup(userId: number, sessionId: string, phoneNumber: string, phoneCode: string) {
      const flow = await signupFlow(userId, sessionId, phoneNumber)
      requireState(flow, 'code_sent')
      // The provider creates the network account only after our own checks would let us keep it.
      await requireOrderFor(flow.country)
      if (await phoneHasAccount(db, flow.phone)) throw accountExists(flow.phone)
      const names = await guarded(flow, () => provider.signUp({ ...ref(flow), code: phoneCode }))
      await createAccount(userId, await advance(flow, { state: 'ready' }))
      return { phoneNumber: flow.phone, ...names }
    },
  }
}
