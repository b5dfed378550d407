/**
 * A transaction's chain check as operators see it (docs/transactions.md, 'Chain check'): a badge (verified, waiting N of M
 * confirmations, refused and why, not verified, a bank transfer with no chain) and the explorer link.
 */
import { type ChainCheck, chainCheckSummary } from '@app/contract/ops'

const BADGE: Record<ChainCheck['state'], { label: string; tone: string }> = {
  verified: { label: 'Verified', tone: 'success' },
  waiting: { label: 'Waiting', tone: 'broadcasting' },
  expired: { label: 'Not final in time', tone: 'review' },
  refused: { label: 'Refused', tone: 'failed' },
  unverified: { label: 'Not verified', tone: 'review' },
  not_applicable: { label: 'Bank transfer', tone: 'none' },
  none: { label: '—', tone: 'none' },
}

/** Where the explorer link goes, in words. */
const explorerName = (url: string) => (url.includes('tronscan') ? 'TronScan' : 'BscScan')

export function ChainCheckView({ check, full = false }: { check: ChainCheck; full?: boolean }) {
  const badge = BADGE[check.state]
  if (check.state === 'none' && !full) return <span className="muted">—</span>
  return (
    <span className="stack chain-check" data-testid="chain-check" data-state={check.state}>
      <span>
        <span className={`badge ${badge.tone}`}>{badge.label}</span>
        {check.state === 'waiting' || check.state === 'verified' || check.state === 'expired' ? (
          <>
            {' '}
            <span>
              {check.confirmations ?? 0} of {check.required ?? '?'} confirmations
            </span>
          </>
        ) : null}
      </span>
      {/* The count says it all for verified and waiting; the other states need their words. */}
      {['refused', 'expired', 'unverified', 'not_applicable'].includes(check.state) ||
      (full && check.state === 'none') ? (
        <small className="chain-why">{chainCheckSummary(check)}</small>
      ) : null}
      {check.explorerUrl ? (
        <a href={check.explorerUrl} target="_blank" rel="noreferrer">
          View on {explorerName(check.explorerUrl)}
        </a>
      ) : null}
    </span>
  )
}
