import { useLocation } from 'react-router'
import { UnavailableScreen } from '../../components/layout/unavailable-screen.tsx'

/** Navigation state { type: 'login' | 'register' } picks the title (spec section 2). */
export function SubmitAccountPhoneRoute() {
  const state: unknown = useLocation().state
  const isLogin = !!state && typeof state === 'object' && 'type' in state && state.type === 'login'
  return (
    <UnavailableScreen
      ns="accounts"
      titleKey={isLogin ? 'accounts.submitPhone.titleLogin' : 'accounts.submitPhone.titleRegister'}
    />
  )
}

export { SubmitAccountPhoneRoute as Component }
