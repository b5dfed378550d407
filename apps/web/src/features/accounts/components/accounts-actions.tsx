import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'

export type AccountFlags = { isOpen: boolean; canRegisterAccount: boolean; canAddAccount: boolean }

/**
 * Register (sign-up flow) and Login (submit wizard) per the dashboard flags, only while orders are open;
 * with both, Login is the secondary one (spec sections 2 and 6).
 */
export function AccountsActions({ flags }: { flags: AccountFlags }) {
  const { t } = useTranslation('accounts')
  const navigate = useNavigate()
  if (!flags.isOpen) return null
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
