import { useNavigate } from 'react-router'
import { Button } from '#components/ui/button.tsx'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'

export type AccountFlags = { isOpen: boolean; canRegisterAccount: boolean; canAddAccount: boolean }

/**
 * Whether the accounts screen has a bottom bar: the buttons the user may use, or, while orders are closed, the
 * note saying why there are none (the buttons must not vanish without a word).
 */
export function hasAccountsActions(flags: AccountFlags): boolean {
  return !flags.isOpen || flags.canRegisterAccount || flags.canAddAccount
}

/**
 * Register (sign-up flow) and Login (submit wizard) per the dashboard flags, only while orders are open;
 * with both, Login is the secondary one (spec sections 2 and 6). While orders are closed, a short note instead.
 */
export function AccountsActions({ flags }: { flags: AccountFlags }) {
  const { t } = useTranslation('accounts')
  const navigate = useNavigate()
  if (!flags.isOpen) {
    return (
      <p className="accounts-closed-note" role="status" data-testid="accounts-closed">
        {t('accounts.action.closed')}
      </p>
    )
  }
  const register = flags.canRegisterAccount
  const login = flags.canAddAccount
  if (!register && !login) return null
  return (
    <>
      {register ? (
        <Button stretched data-testid="accounts-register" onClick={() => void navigate(paths.signupSendCode)}>
          {t('accounts.action.register')}
        </Button>
      ) : null}
      {login ? (
        <Button
          stretched
          variant={register ? 'secondary' : 'primary'}
          data-testid="accounts-login"
          onClick={() => void navigate(paths.submitAccountPhone, { state: { type: 'login' } })}
        >
          {t('accounts.action.login')}
        </Button>
      ) : null}
    </>
  )
}
