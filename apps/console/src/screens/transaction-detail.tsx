/**
 * One transaction in full, under its row (`?transaction=` in the URL): every amount and address to copy, and its four eyes:
 * whether it needs a second operator, each approval with its time and whether it still counts.
 */
import { formatDecimal } from '@app/contract'
import type { OpsTransaction } from '@app/contract/ops'
import { formatMoney, Money } from '../lib/amounts.tsx'
import { ChainCheckView } from '../lib/chain-check.tsx'
import { isOpenTransaction, NO_LONGER_COUNTS, when } from '../lib/four-eyes.ts'
import { CopyButton } from '../lib/reason-dialog.tsx'
import { UserCell } from '../lib/user-cell.tsx'

/** Whether the transaction needs a second operator now, in a sentence. */
function requirement({ fourEyes, status }: Pick<OpsTransaction, 'fourEyes' | 'status'>): string {
  if (!isOpenTransaction(status))
    return `No approval needed any more: the transaction ${status === 'success' ? 'was paid' : 'failed'}.`
  if (fourEyes.required) return `Needs a second operator’s approval: above ${fourEyes.approvalAbove} USDT.`
  if (formatDecimal(fourEyes.approvalAbove) === '0') return 'No approval needed: four eyes is off.'
  return `No approval needed: at or below ${fourEyes.approvalAbove} USDT.`
}

export function TransactionDetail({ transaction: p }: { transaction: OpsTransaction }) {
  const short = p.uid.slice(0, 8)
  return (
    <section className="transaction-detail" aria-label={`Transaction ${short}`}>
      <dl className="fields">
        <dt>Transaction</dt>
        <dd>
          <code>{p.uid}</code> <CopyButton value={p.uid} />
        </dd>
        <dt>Invoice</dt>
        <dd>
          <code>{p.invoiceUid}</code> <CopyButton value={p.invoiceUid} />
        </dd>
        <dt>User</dt>
        <dd>
          <UserCell telegramId={p.telegramId} firstName={p.firstName} />
          {p.telegramId !== null && p.firstName ? (
            <span className="muted"> · Telegram {p.telegramId}</span>
          ) : null}
        </dd>
        <dt>Amount</dt>
        <dd>{formatMoney(p.amount, 'usdt')}</dd>
        {formatDecimal(p.userFee) === '0' ? null : (
          <>
            <dt>Fee</dt>
            <dd>{formatMoney(p.userFee, 'usdt')}</dd>
          </>
        )}
        {p.currency === 'usdt' ? null : (
          <>
            <dt>Rate</dt>
            <dd>1 USDT = {formatMoney(p.rate, p.currency)}</dd>
            {/* What leaves, at the lowest rate of the day before the request: what four eyes judges. */}
            <dt>Value</dt>
            <dd>{formatMoney(p.valueUsdt, 'usdt')}</dd>
          </>
        )}
        <dt>To pay</dt>
        <dd>
          <Money value={p.net} currency={p.currency} copy />
        </dd>
        <dt>{p.bankCard ? 'IBAN' : 'Receiver'}</dt>
        <dd>
          <code className="address">{p.receiverAddress}</code> <CopyButton value={p.receiverAddress} />
        </dd>
        {p.bankCard ? (
          <>
            <dt>Card</dt>
            <dd>
              {[p.bankCard.name, p.bankCard.family].filter(Boolean).join(' ') || 'Card holder not given'} ·{' '}
              <code>{p.bankCard.number}</code> <CopyButton value={p.bankCard.number} />
            </dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>
          <span className={`badge ${p.status}`}>{p.status}</span>
        </dd>
        <dt>Requested</dt>
        <dd>{when(p.createdAt)}</dd>
        {p.paidAt ? (
          <>
            <dt>Paid</dt>
            <dd>{when(p.paidAt)}</dd>
          </>
        ) : null}
        {p.txid ? (
          <>
            <dt>{p.currency === 'irt' ? 'Bank reference' : 'Txid'}</dt>
            <dd>
              <code className="address">{p.txid}</code> <CopyButton value={p.txid} />
            </dd>
          </>
        ) : null}
        {p.senderAddress ? (
          <>
            <dt>Sender</dt>
            <dd>
              <code className="address">{p.senderAddress}</code>
            </dd>
          </>
        ) : null}
      </dl>
      <h3>Chain check</h3>
      <ChainCheckView check={p.chainCheck} full />
      {p.chainCheck.checkedAt ? <p className="muted">Last read {when(p.chainCheck.checkedAt)}.</p> : null}
      <h3>Four eyes</h3>
      <p>{requirement(p)}</p>
      {p.fourEyes.approvals.length === 0 ? (
        <p className="muted">No approvals yet.</p>
      ) : (
        <ul className="plain">
          {p.fourEyes.approvals.map((approval) => (
            <li key={approval.login}>
              <strong>{approval.login}</strong> approved {when(approval.approvedAt)}:{' '}
              {approval.counts ? 'counts' : NO_LONGER_COUNTS}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
