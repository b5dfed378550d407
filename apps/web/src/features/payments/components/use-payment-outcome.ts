import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { showDialog } from '../../../lib/dialogs.ts'
import { hapticNotification } from '../../../lib/telegram/haptics.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'

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
    ok: 'payments.result.ok',
  },
  irt: {
    success: ['payments.irt.result.successTitle', 'payments.irt.result.successMessage'],
    failed: ['payments.irt.result.failedTitle', 'payments.irt.result.failedMessage'],
    ok: 'payments.irt.result.ok',
  },
} as const

/**
 * After a payment request (spec section 8): 'Success: Invoice payment request accepted' or 'Failed: Invoice
 * payment request failed' (toman: the Persian pair), then the invoice list either way.
 */
export function usePaymentOutcome(texts: OutcomeTexts) {
  const { t } = useTranslation('payments')
  const navigate = useNavigate()
  return useCallback(
    async (outcome: 'success' | 'failed') => {
      const [title, message] = PAYMENT_OUTCOME_KEYS[texts][outcome]
      hapticNotification(outcome === 'success' ? 'success' : 'error')
      await showDialog({
        title: t(title),
        message: t(message),
        buttons: [{ id: 'ok', text: t(PAYMENT_OUTCOME_KEYS[texts].ok) }],
      })
      await navigate(paths.invoices)
    },
    [navigate, t, texts],
  )
}
