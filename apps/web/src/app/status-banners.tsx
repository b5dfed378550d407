import { Suspense, useSyncExternalStore } from 'react'
import { getNetworkStatus, type NetworkStatus, subscribeNetworkStatus } from '#lib/network-status.ts'
import { useTranslation } from '#lib/use-translation.tsx'

function Banners({ status }: { status: NetworkStatus }) {
  const { t } = useTranslation('common')
  const network = status.offline
    ? 'network.offline'
    : status.unreachable
      ? 'network.unreachable'
      : status.unavailable
        ? 'network.unavailable'
        : undefined
  return (
    <>
      {status.sandbox && (
        <p className="status-banner status-banner--sandbox" data-testid="sandbox-banner">
          {t('sandbox.banner')}
        </p>
      )}
      {network && (
        <p className="status-banner status-banner--network" data-testid="network-banner">
          {t(network)}
        </p>
      )}
    </>
  )
}

/**
 * Above every screen (docs/web.md, 'Poor network' and 'Sandbox banner'): the sandbox notice when the server runs
 * the sandbox provider in production, and the network banner while the device is offline or the server does not
 * answer or cannot serve (its database is away: 'temporarily unavailable, retrying'). The live region is always there, so screen readers hear the banner come and go.
 */
export function StatusBanners() {
  const status = useSyncExternalStore(subscribeNetworkStatus, getNetworkStatus)
  const shown = status.sandbox || status.offline || status.unreachable || status.unavailable
  return (
    <div className="status-banners" aria-live="polite">
      {shown && (
        <Suspense fallback={null}>
          <Banners status={status} />
        </Suspense>
      )}
    </div>
  )
}
