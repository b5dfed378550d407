/** Email sign-up as a test needs it: a registration with the demo referral code (the code is mailed). */
import type { FastifyInstance } from 'fastify'
import { DEMO_REFERRAL_CODE } from '../../dev/demo/demo-data.ts'

export const registerEmail = (app: FastifyInstance, email: string, password = 'first-pass-1') =>
  app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password, passwordRetype: password, referralCode: DEMO_REFERRAL_CODE },
  })
