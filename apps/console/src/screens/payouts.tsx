/**
 * Payouts: the queue by status and currency (filters in the URL; oldest first, every payout newest first with
 * "all"), paged by cursor; receiver or card holder and IBAN with copy buttons, the explorer link of a txid; approve
 * (four eyes), broadcast, succeed with txid and sender, fail or review with a reason.
 */
import { type OpsTransactionSchema, opsWithdrawalCalls } from '@app/contract/ops'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type * as z from 'zod/mini'
import { call } from '../lib/api.ts'
import { DataTable, MutationError } from '../lib/data-table.tsx'
import { usePagedList } from '../lib/paged.ts'
import { CopyButton, ReasonDialog } from '../lib/reason-dialog.tsx'
import { useCan } from '../lib/session.tsx'

type Payout = z.infer<typeof OpsTransactionSchema>
type Move = 'broadcast' | 'succeed' | 'fail' | 'review'
const STATUSES = ['pending', 'broadcasting', 'review', 'success', 'failed', 'all']
const CURRENCIES = ['all', 'trx', 'usdt', 'irt']

function explorerUrl(payout: Payout): string | undefined {
  if (payout.txid === null) return undefined
  if (payout.currency === 'trx') return `https://tronscan.org/#/transaction/${payout.txid}`
  if (payout.currency === 'usdt') return `https://bscscan.com/tx/${payout.txid}`
  return undefined
}

export function PayoutsScreen() {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? 'pending'
  const currency = params.get('currency') ?? 'all'
  const client = useQueryClient()
  const canAct = useCan('operator')
  const [asking, setAsking] = useState<{ uid: string; move: 'fail' | 'review' } | undefined>()
  const [succeeding, setSucceeding] = useState<Payout | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const list = usePagedList('payouts', opsWithdrawalCalls.payouts, {
    status: status === 'all' ? undefined : status,
    currency: currency === 'all' ? undefined : currency,
  })
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['payouts'] })
    void client.invalidateQueries({ queryKey: ['overview'] })
  }
  const move = useMutation({
    mutationFn: ({ uid, to, body }: { uid: string; to: Move; body?: Record<string, string> }) =>
      call(opsWithdrawalCalls.movePayout, { params: { uid, move: to }, body }),
    // A notice belongs to the last action: a refusal must not sit under an earlier success.
    onMutate: () => setNotice(undefined),
    onSuccess: (payout) => {
      setAsking(undefined)
      setSucceeding(undefined)
      setNotice(`Payout ${payout.uid.slice(0, 8)} is ${payout.status}.`)
      refresh()
    },
  })
  const approve = useMutation({
    mutationFn: (uid: string) => call(opsWithdrawalCalls.approvePayout, { params: { uid } }),
    onMutate: () => setNotice(undefined),
    onSuccess: (state) =>
      setNotice(
        state.required
          ? `Approved by ${state.approvedBy.join(', ')}. Another named operator may now send it.`
          : 'Approved (this payout is below the approval amount).',
      ),
  })
  const columns = useMemo<ColumnDef<Payout, unknown>[]>(
    () => [
      {
        header: 'Payout',
        accessorKey: 'uid',
        cell: (c) => <code title={String(c.getValue())}>{String(c.getValue()).slice(0, 8)}</code>,
      },
      { header: 'User', accessorKey: 'telegramId', cell: (c) => String(c.getValue() ?? 'email user') },
      { header: 'Currency', accessorKey: 'currency', cell: (c) => String(c.getValue()).toUpperCase() },
      {
        header: 'Amount (USDT)',
        accessorKey: 'amount',
        cell: (c) => <span className="num">{String(c.getValue())}</span>,
      },
      {
        header: 'To pay',
        accessorKey: 'net',
        cell: ({ row }) => (
          <span className="num">
            {row.original.net} {row.original.currency.toUpperCase()}
          </span>
        ),
      },
      {
        header: 'Receiver',
        id: 'receiver',
        cell: ({ row }) => {
          const p = row.original
          return p.bankCard ? (
            <div className="stack">
              <span>
                {[p.bankCard.name, p.bankCard.family].filter(Boolean).join(' ') || 'Card holder not given'}
              </span>
              <span>
                <code>{p.receiverAddress}</code> <CopyButton value={p.receiverAddress} />
              </span>
              <span>
                Card <code>{p.bankCard.number}</code> <CopyButton value={p.bankCard.number} />
              </span>
            </div>
          ) : (
            <span>
              <code className="address">{p.receiverAddress}</code> <CopyButton value={p.receiverAddress} />
            </span>
          )
        },
      },
      {
        header: 'Status',
        accessorKey: 'status',
        cell: (c) => <span className={`badge ${c.getValue()}`}>{String(c.getValue())}</span>,
      },
      {
        header: 'Txid',
        id: 'txid',
        cell: ({ row }) => {
          const url = explorerUrl(row.original)
          if (row.original.txid === null) return null
          return url ? (
            <a href={url} target="_blank" rel="noreferrer">
              {row.original.txid.slice(0, 10)}…
            </a>
          ) : (
            <code>{row.original.txid}</code>
          )
        },
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => {
          const p = row.original
          if (!canAct) return null
          const open = p.status === 'pending' || p.status === 'review' || p.status === 'broadcasting'
          if (!open) return null
          return (
            <div className="row-actions">
              <button type="button" onClick={() => approve.mutate(p.uid)}>
                Approve
              </button>
              {p.status !== 'broadcasting' ? (
                <button type="button" onClick={() => move.mutate({ uid: p.uid, to: 'broadcast' })}>
                  Broadcast
                </button>
              ) : null}
              <button type="button" className="primary" onClick={() => setSucceeding(p)}>
                Succeeded…
              </button>
              {p.status !== 'review' ? (
                <button type="button" onClick={() => setAsking({ uid: p.uid, move: 'review' })}>
                  Review
                </button>
              ) : null}
              <button
                type="button"
                className="danger"
                onClick={() => setAsking({ uid: p.uid, move: 'fail' })}
              >
                Fail
              </button>
            </div>
          )
        },
      },
    ],
    [canAct, move, approve],
  )
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    next.set(key, value)
    setParams(next)
  }
  return (
    <section>
      <header className="screen-header">
        <h1>Payouts</h1>
        <label className="filter">
          Status
          <select value={status} onChange={(event) => set('status', event.target.value)}>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="filter">
          Currency
          <select value={currency} onChange={(event) => set('currency', event.target.value)}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </header>
      {notice ? <p className="notice">{notice}</p> : null}
      <MutationError error={(asking || succeeding ? null : move.error) ?? approve.error} />
      <DataTable columns={columns} query={list} empty="No payouts here." more="More payouts" />
      {asking ? (
        <ReasonDialog
          title={asking.move === 'fail' ? 'Mark the payout failed' : 'Put the payout under review'}
          confirm={asking.move === 'fail' ? 'Mark failed' : 'Review'}
          pending={move.isPending}
          error={move.error?.message}
          onCancel={() => setAsking(undefined)}
          onSubmit={(reason) => move.mutate({ uid: asking.uid, to: asking.move, body: { reason } })}
        />
      ) : null}
      {succeeding ? (
        <SucceedDialog
          payout={succeeding}
          pending={move.isPending}
          error={move.error?.message}
          onCancel={() => setSucceeding(undefined)}
          onSubmit={(body) => move.mutate({ uid: succeeding.uid, to: 'succeed', body })}
        />
      ) : null}
    </section>
  )
}

function SucceedDialog(props: {
  payout: Payout
  pending: boolean
  error?: string | undefined
  onCancel: () => void
  onSubmit: (body: { txid: string; senderAddress?: string }) => void
}) {
  const [txid, setTxid] = useState('')
  const [sender, setSender] = useState('')
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label="Record the payout">
      <form
        className="card dialog"
        onSubmit={(event) => {
          event.preventDefault()
          props.onSubmit({ txid: txid.trim(), ...(sender.trim() ? { senderAddress: sender.trim() } : {}) })
        }}
      >
        <h2>Record the payout</h2>
        <p className="muted">
          {props.payout.net} {props.payout.currency.toUpperCase()} to{' '}
          <code>{props.payout.receiverAddress}</code>
        </p>
        <label>
          {props.payout.currency === 'irt' ? 'Bank reference' : 'Transaction id (txid)'}
          <input value={txid} onChange={(event) => setTxid(event.target.value)} required />
        </label>
        {props.payout.currency !== 'irt' ? (
          <label>
            Sender address (the wallet it was paid from)
            <input value={sender} onChange={(event) => setSender(event.target.value)} />
          </label>
        ) : null}
        {props.error ? (
          <p className="form-error" role="alert">
            {props.error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={props.pending || txid.trim() === ''}>
            Record as paid
          </button>
        </div>
      </form>
    </div>
  )
}
