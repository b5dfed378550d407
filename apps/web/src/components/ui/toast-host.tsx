import { useSyncExternalStore } from 'react'
import { dismissToast, getToast, subscribeToast } from '#lib/toast.ts'

export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast)
  if (!toast) return null
  return (
    <div key={toast.key} className="toast" role="status" onClick={dismissToast} onKeyDown={dismissToast}>
      {toast.message}
    </div>
  )
}
