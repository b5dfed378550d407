/**
 * Transactions: the queue by status and currency (filters in the URL; oldest first, every transaction newest first with
 * "all"), paged by cursor; the amount to pay as the mini-app writes it, the receiver or card holder and IBAN with copy
 * buttons, the explorer link of a txid; four eyes on each row (who approved) and in its detail (`?transaction=`), with
 * what the signed-in operator may not do disabled and why; approve, broadcast, succeed with txid and sender, fail or
 * review with a reason, a refusal shown on its row.
 */
import { type OpsTransactionSchema, opsOperatorCalls, opsTransactionCalls } from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type * as z from 'zod/mini'
import { formatMoney, Money, Usdt } from '../lib/amounts.tsx'
import { call } from '../lib/api.ts'
import { ChainCheckView } from '../lib/chain-check.tsx'
import { DataTable, MutationError } from '../lib/data-table.tsx'
import { fourEyesActions, fourEyesSummary, isOpenTransaction } from '../lib/four-eyes.ts'
import { usePagedList } from '../lib/paged.ts'
import { CopyButton, ReasonDialog } from '../lib/reason-dialog.tsx'
import { useCan, useMe } from '../lib/session.tsx'
import { UserCell } from '../lib/user-cell.tsx'
import { TransactionDetail } from './transaction-detail.tsx'

type Transaction = z.infer<typeof OpsTransactionSchema>
type Move = 'broadcast' | 'succeed' | 'fail' | 'review'
const STATUSES = ['pending', 'broadcasting', 'review', 'success', 'failed', 'all']
const CURRENCIES = ['all', 'trx', 'usdt', 'irt']
/** The chain check filter (`?check=`): the queue of transactions waiting for confirmations, past the time limit... */
const CHECKS = ['all', 'waiting', 'expired', 'refused', 'verified', 'unverified']

const isOpen = (transaction: Transaction) => isOpenTransaction(transaction.status)

/** The notice after a move, a sentence: 'Transaction 606f66d5 succeeded.' */
export function moveNotice(transaction: Transaction): string {
  const name = `Transaction ${transaction.uid.slice(0, 8)}`
  const { chainCheck: check } = transaction
  switch (transaction.status) {
    case 'success':
      return `${name} succeeded.`
    case 'failed':
      return `${name} failed.`
    case 'review':
      return `${name} is under review.`
    case 'broadcasting':
      return check.state === 'waiting'
        ? `${name} is recorded and waits for ${check.confirmations ?? 0} of ${check.required ?? '?'} confirmations: it succeeds once final.`
        : `${name} is broadcasting.`
    default:
      return `${name} is ${transaction.status}.`
  }
}

/** The row's buttons for the signed-in operator: what four eyes would refuse is disabled, its reason shown. */
function TransactionActions(props: {
  transaction: Transaction
  me: string
  error: Error | null
  onApprove: () => void
  onMove: (to: 'broadcast') => void
  onSucceed: () => void
  onAsk: (move: 'fail' | 'review') => void
}) {
  const { transaction: p } = props
  const { approve, sendDisabledWhy } = fourEyesActions(p.fourEyes, props.me)
  const approveWhyId = `why-approve-${p.uid}`
  const sendWhyId = `why-send-${p.uid}`
  const sendBlocked = sendDisabledWhy === undefined ? {} : { disabled: true, 'aria-describedby': sendWhyId }
  return (
    <>
      <div className="row-actions">
        {approve.shown ? (
          <button
            type="button"
            onClick={props.onApprove}
            {...(approve.disabledWhy ? { disabled: true, 'aria-describedby': approveWhyId } : {})}
          >
            {approve.label}
          </button>
        ) : null}
        {p.status !== 'broadcasting' ? (
          <button type="button" onClick={() => props.onMove('broadcast')} {...sendBlocked}>
            Broadcast
          </button>
        ) : null}
        <button type="button" className="primary" onClick={props.onSucceed} {...sendBlocked}>
          Succeeded…
        </button>
        {p.status !== 'review' ? (
          <button type="button" onClick={() => props.onAsk('review')}>
            Review
          </button>
        ) : null}
        <button type="button" className="danger" onClick={() => props.onAsk('fail')}>
          Fail
        </button>
      </div>
      {approve.disabledWhy ? (
        <p className="why" id={approveWhyId}>
          {approve.disabledWhy}
        </p>
      ) : null}
      {sendDisabledWhy ? (
        <p className="why" id={sendWhyId}>
          {sendDisabledWhy}
        </p>
      ) : null}
      <MutationError error={props.error} />
    </>
  )
}

/** What a row shows of its transaction: the same for every operator, whatever they may do. */
const INFO_COLUMNS: ColumnDef<Transaction, unknown>[] = [
  {
    header: 'User',
    accessorKey: 'telegramId',
    cell: ({ row }) => <UserCell telegramId={row.original.telegramId} firstName={row.original.firstName} />,
  },
  { header: 'Currency', accessorKey: 'currency', cell: (c) => String(c.getValue()).toUpperCase() },
  {
    header: 'Amount (USDT)',
    accessorKey: 'amount',
    cell: (c) => <Usdt value={String(c.getValue())} />,
  },
  {
    header: 'To pay',
    accessorKey: 'net',
    cell: ({ row }) => <Money value={row.original.net} currency={row.original.currency} copy />,
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
    header: 'Four eyes',
    id: 'four-eyes',
    cell: ({ row }) => (
      <span data-testid="four-eyes">{fourEyesSummary(row.original.fourEyes, row.original.status)}</span>
    ),
  },
  {
    header: 'Txid',
    id: 'txid',
    cell: ({ row }) => {
      const url = row.original.chainCheck.explorerUrl
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
    header: 'Chain check',
    id: 'chain-check',
    cell: ({ row }) => <ChainCheckView check={row.original.chainCheck} />,
  },
]

export function TransactionsScreen() {
  const [params, setParams] = useSearchParams()
  const status = params.get('status') ?? 'pending'
  const currency = params.get('currency') ?? 'all'
  const check = params.get('check') ?? 'all'
  const opened = params.get('transaction')
  const client = useQueryClient()
  const canAct = useCan('operator')
  const me = useMe().login
  const [asking, setAsking] = useState<{ uid: string; move: 'fail' | 'review' } | undefined>()
  const [succeeding, setSucceeding] = useState<Transaction | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  // Which chains the server reads before it records a transaction: the succeed dialog says what happens.
  const chainCheck = useQuery({
    queryKey: ['overview'],
    queryFn: () => call(opsOperatorCalls.overview),
    staleTime: 60_000,
  }).data?.chainCheck
  const list = usePagedList('transactions', opsTransactionCalls.list, {
    status: status === 'all' ? undefined : status,
    currency: currency === 'all' ? undefined : currency,
    chainCheck: check === 'all' ? undefined : check,
  })
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['transactions'] })
    void client.invalidateQueries({ queryKey: ['overview'] })
  }
  const move = useMutation({
    mutationFn: ({ uid, to, body }: { uid: string; to: Move; body?: Record<string, string> }) =>
      call(opsTransactionCalls.move, { params: { uid, move: to }, body }),
    // A notice belongs to the last action: a refusal must not sit under an earlier success.
    onMutate: () => setNotice(undefined),
    onSuccess: (transaction) => {
      setAsking(undefined)
      setSucceeding(undefined)
      setNotice(moveNotice(transaction))
      refresh()
    },
  })
  const approve = useMutation({
    mutationFn: (uid: string) => call(opsTransactionCalls.approve, { params: { uid } }),
    onMutate: () => setNotice(undefined),
    onSuccess: (state) => {
      setNotice(
        state.required
          ? `Approved by ${state.approvedBy.join(', ')}. Another named operator may now send it.`
          : 'Approved (this transaction is below the approval amount).',
      )
      // The row shows the approval, and what it now allows.
      refresh()
    },
  })
  /** The last refusal of a move or an approval, on the row it was for (a dialog shows its own). */
  const errorOf = (uid: string): Error | null => {
    if (approve.variables === uid && approve.error) return approve.error
    if (move.variables?.uid === uid && !asking && !succeeding) return move.error
    return null
  }
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes))
      if (value === null) next.delete(key)
      else next.set(key, value)
    setParams(next)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: set and errorOf are read fresh; they change with params, asking and succeeding
  const columns = useMemo<ColumnDef<Transaction, unknown>[]>(
    () => [
      {
        header: 'Transaction',
        accessorKey: 'uid',
        cell: ({ row }) => (
          <span className="stack">
            <code title={row.original.uid}>{row.original.uid.slice(0, 8)}</code>
            <button
              type="button"
              className="link"
              aria-expanded={opened === row.original.uid}
              onClick={() => set({ transaction: opened === row.original.uid ? null : row.original.uid })}
            >
              {opened === row.original.uid ? 'Hide details' : 'Details'}
            </button>
          </span>
        ),
      },
      ...INFO_COLUMNS,
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          canAct && isOpen(row.original) ? (
            <TransactionActions
              transaction={row.original}
              me={me}
              error={errorOf(row.original.uid)}
              onApprove={() => approve.mutate(row.original.uid)}
              onMove={(to) => move.mutate({ uid: row.original.uid, to })}
              onSucceed={() => setSucceeding(row.original)}
              onAsk={(to) => setAsking({ uid: row.original.uid, move: to })}
            />
          ) : null,
      },
    ],
    [canAct, me, move, approve, opened, params, asking, succeeding],
  )
  return (
    <section>
      <header className="screen-header">
        <h1>Transactions</h1>
        <label className="filter">
          Status
          <select value={status} onChange={(event) => set({ status: event.target.value })}>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="filter">
          Currency
          <select value={currency} onChange={(event) => set({ currency: event.target.value })}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="filter">
          Chain check
          <select value={check} onChange={(event) => set({ check: event.target.value })}>
            {CHECKS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
      </header>
      {notice ? <p className="notice">{notice}</p> : null}
      <DataTable
        columns={columns}
        query={list}
        empty="No transactions here."
        more="More transactions"
        detail={(transaction) =>
          transaction.uid === opened ? <TransactionDetail transaction={transaction} /> : null
        }
      />
      {asking ? (
        <ReasonDialog
          title={asking.move === 'fail' ? 'Mark the transaction failed' : 'Put the transaction under review'}
          confirm={asking.move === 'fail' ? 'Mark failed' : 'Review'}
          pending={move.isPending}
          error={move.error?.message}
          onCancel={() => setAsking(undefined)}
          onSubmit={(reason) => move.mutate({ uid: asking.uid, to: asking.move, body: { reason } })}
        />
      ) : null}
      {succeeding ? (
        <SucceedDialog
          transaction={succeeding}
          chainRead={chainReadFor(succeeding.currency, chainCheck)}
          pending={move.isPending}
          error={move.error?.message}
          onCancel={() => setSucceeding(undefined)}
          onSubmit={(body) => move.mutate({ uid: succeeding.uid, to: 'succeed', body })}
        />
      ) : null}
    </section>
  )
}

/** Whether the server reads the transaction's chain before recording it; undefined while the overview loads. */
const chainReadFor = (currency: string, chains: { trx: boolean; usdt: boolean } | undefined) =>
  chains === undefined
    ? undefined
    : currency === 'trx'
      ? chains.trx
      : currency === 'usdt'
        ? chains.usdt
        : false

/** What recording the transaction does: read the chain, record it unverified, or keep the bank reference as typed. */
function succeedRule(currency: string, chainRead: boolean | undefined): string {
  if (currency === 'irt')
    return 'A bank transfer cannot be checked on a chain: the reference you type is recorded as it is, with four eyes.'
  const chain = currency === 'trx' ? 'TRON' : 'BSC'
  if (chainRead === undefined) return `Finding out whether the ${chain} chain is read…`
  if (chainRead)
    return `The ${chain} chain is read first: it must show exactly this amount sent from the sender to this address. Not final yet, the transaction waits as broadcasting until it is.`
  const setting = currency === 'trx' ? 'TRON_API_ROOT' : 'BSC_RPC_URL'
  const explorer = currency === 'trx' ? 'TronScan' : 'BscScan'
  return `No ${chain} endpoint is set (${setting}): nothing is read from the chain, and the transaction is recorded unverified, as you type it. Check the transaction on ${explorer} first.`
}

function SucceedDialog(props: {
  transaction: Transaction
  /** Whether the transaction's chain is read before it is recorded (undefined: not known yet). */
  chainRead: boolean | undefined
  pending: boolean
  error?: string | undefined
  onCancel: () => void
  onSubmit: (body: { txid: string; senderAddress?: string }) => void
}) {
  const [txid, setTxid] = useState('')
  const [sender, setSender] = useState('')
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label="Record the transaction">
      <form
        className="card dialog"
        onSubmit={(event) => {
          event.preventDefault()
          props.onSubmit({ txid: txid.trim(), ...(sender.trim() ? { senderAddress: sender.trim() } : {}) })
        }}
      >
        <h2>Record the transaction</h2>
        <p className="muted">
          {formatMoney(props.transaction.net, props.transaction.currency)} to{' '}
          <code>{props.transaction.receiverAddress}</code>
        </p>
        <p className="muted" data-testid="succeed-rule">
          {succeedRule(props.transaction.currency, props.chainRead)}
        </p>
        <label>
          {props.transaction.currency === 'irt' ? 'Bank reference' : 'Transaction id (txid)'}
          <input value={txid} onChange={(event) => setTxid(event.target.value)} required />
        </label>
        {props.transaction.currency !== 'irt' ? (
          <label>
            Sender address (the wallet it was paid from)
            <input value={sender} onChange={(event) => setSender(event.target.value)} required />
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
            {props.pending && props.chainRead ? 'Reading the chain…' : 'Record as paid'}
          </button>
        </div>
      </form>
    </div>
  )
}
