import { hapticFeedback } from '@tma.js/sdk-react'
import { safeCall } from './safe-call.ts'

type ImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft'
type NotificationType = 'error' | 'success' | 'warning'

/** Tactile confirmation for primary actions; silently nothing where unsupported. */
export function hapticImpact(style: ImpactStyle = 'light'): void {
  safeCall('haptic.impact', () => hapticFeedback.impactOccurred.ifAvailable(style))
}

export function hapticNotification(type: NotificationType): void {
  safeCall('haptic.notification', () => hapticFeedback.notificationOccurred.ifAvailable(type))
}

export function hapticSelection(): void {
  safeCall('haptic.selection', () => hapticFeedback.selectionChanged.ifAvailable())
}
