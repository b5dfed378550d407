import { useNavigate } from 'react-router'
import { paths } from '#config/paths.ts'
import { canGoBackInApp } from '#lib/history.ts'

/**
 * The wizard (login or sign-up) is one history entry whatever its steps: each step replaces the one before, so
 * Back leaves the wizard (or, on the code screen, asks to edit the number) and never walks into a finished step.
 */
export function useWizardNavigation() {
  const navigate = useNavigate()
  return {
    /** The next step, in place of this one. */
    next: (to: string) => void navigate(to, { replace: true }),
    /**
     * The flow is done: its entry gives way to the list it was opened from, which shows /accounts (Pending, where
     * the new account is), so Back there goes home. Opened with nothing before it: /accounts in its place.
     */
    finish: () => {
      const toList = () => void navigate(paths.accounts, { replace: true })
      if (!canGoBackInApp()) return toList()
      window.addEventListener('popstate', toList, { once: true })
      void navigate(-1)
    },
  }
}
