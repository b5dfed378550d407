import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { isApiError } from '#lib/api-error.ts'
import { showDialog } from '#lib/dialogs.ts'
import { hapticNotification } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'

/**
 * The crypto forms speak the app's language; the toman form speaks Persian whatever it is (spec section 2),
 * so its texts are Persian in both locale files under `payments.irt.*`.
 */
export type OutcomeTexts = 'crypto' | 'irt'

/** The keys of each dialog (payments namespace), exported for the error table test. */
export const PAYMENT_OUTCOME_KEYS = {
  crypto: {
    success: ['payments.result.successTitle', 'payments.result.successMessage'],
    failed: ['payments.result.failedTitle', 'payments.result.failedMessage'],
    noAnswer: ['payments.result.noAnswerTitle', 'payments.result.noAnswerMessage'],
    ok: 'payments.result.ok',
  },
  irt: {
    success: ['payments.irt.result.successTitle', 'payments.irt.result.successMessage'],
    failed: ['payments.irt.result.failedTitle', 'payments.irt.result.failedMessage'],
    noAnswer: ['payments.irt.result.noAnswerTitle', 'payments.irt.result.noAnswerMessage'],
    ok: 'payments.irt.result.ok',
  },
} as const

export type PaymentOutcome = 'success' | 'failed' | 'noAnswer'

/** A refusal is 'failed'; a request that got no answer at all (the network, a server down) is 'noAnswer'. */
export function outcomeOfFailure(failure: unknown): PaymentOutcome {
  return isApiError(failure) && failure.status === 0 ? 'noAnswer' : 'failed'
}

/**
 * After a payment request (spec section 8): 'Success: Invoice payment request accepted' or 'Failed: Invoice
 * payment request failed' (toman: the Persian pair), then the invoice list either way. A request that got no
 * answer is neither (the payout may or may not exist; issue 13): 'No answer from the server...', and the form
 * stays with everything typed, so the same tap sends it again with the same idempotency key and the server answers
 * with the first run's payout rather than making a second.
 */
export function usePaymentOutcome(texts: OutcomeTexts) {
  const { t } = useTranslation('payments')
  const navigate = useNavigate()
  return useCallback(
    async (outcome: PaymentOutcome) => {
      const [title, message] = PAYMENT_OUTCOME_KEYS[texts][outcome]
      hapticNotification(outcome === 'success' ? 'success' : 'error')
      await showDialog({
        title: t(title),
        message: t(message),
        buttons: [{ id: 'ok', text: t(PAYMENT_OUTCOME_KEYS[texts].ok) }],
      })
      if (outcome !== 'noAnswer') await navigate(paths.invoices)
    },
    [navigate, t, texts],
  )
}
