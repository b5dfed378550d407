import { postEvent } from './bridge.ts'
import { supports } from './methods.ts'

type ImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft'
type NotificationType = 'error' | 'success' | 'warning'

function trigger(feedback: Record<string, string>): void {
  if (supports('web_app_trigger_haptic_feedback')) postEvent('web_app_trigger_haptic_feedback', feedback)
}

/** Tactile confirmation for primary actions; silently nothing where unsupported (before 6.1, a browser). */
export function hapticImpact(style: ImpactStyle = 'light'): void {
  trigger({ type: 'impact', impact_style: style })
}

export function hapticNotification(type: NotificationType): void {
  trigger({ type: 'notification', notification_type: type })
}

export function hapticSelection(): void {
  trigger({ type: 'selection_change' })
}
