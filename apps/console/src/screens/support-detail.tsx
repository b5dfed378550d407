/** One support thread for operators: messages with their context and photos, the user's record, the actions. */
import { type OpsSupportThreadDetail, opsSupportCalls } from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { call } from '#lib/api.ts'
import { MutationError } from '#lib/data-table.tsx'
import { useCan, useMe } from '#lib/session.tsx'

type Message = OpsSupportThreadDetail['messages'][number]

/** Bidi embeddings, overrides and isolates (not the marks or joiners Persian needs). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

/**
 * What a user wrote, with its bidi controls shown as [U+202E]: an override would otherwise reverse the text after
 * it on screen ('gnp.exe' read as 'exe.png'), and the operator must read what was sent.
 */
export const showControls = (text: string) =>
  text.replace(BIDI_CONTROLS, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase()}]`)

function ContextLine({ context }: { context: NonNullable<Message['context']> }) {
  const parts = [
    `screen ${context.screen}`,
    context.errorCode ? `error ${context.errorCode}` : '',
    context.status ? `status ${context.status}` : '',
    context.requestId ? `request ${context.requestId}` : '',
    context.invoiceUid ? `invoice ${context.invoiceUid}` : '',
    context.transactionUid ? `transaction ${context.transactionUid}` : '',
  ].filter(Boolean)
  return <p className="support-context">From an error: {parts.join(' · ')}</p>
}

function MessageItem({ message }: { message: Message }) {
  return (
    <li
      className={message.from === 'user' ? 'support-msg user' : 'support-msg operator'}
      data-testid="support-msg"
    >
      <span className="muted">
        {message.from === 'user' ? 'User' : (message.operator ?? 'operator')} · {message.via} ·{' '}
        {new Date(message.createdAt).toLocaleString()}
      </span>
      {message.context ? <ContextLine context={message.context} /> : null}
      {message.hasPhoto ? (
        <img className="support-photo" src={`/ops/support/photos/${message.uid}`} alt="Sent by the user" />
      ) : null}
      {message.text !== null ? (
        <p className="support-text" dir="auto">
          {message.from === 'user' ? showControls(message.text) : message.text}
        </p>
      ) : null}
    </li>
  )
}

/** One part of the user's record: its rows, or 'None' rather than a heading over nothing. */
function RecordList({ items }: { items: [key: string, text: string][] }) {
  if (items.length === 0) return <p className="muted none">None</p>
  return (
    <ul>
      {items.map(([key, text]) => (
        <li key={key}>{text}</li>
      ))}
    </ul>
  )
}

export function SupportThreadView({ uid }: { uid: string }) {
  const client = useQueryClient()
  const canAct = useCan('operator')
  const me = useMe()
  const key = ['support', 'thread', uid]
  const detail = useQuery({
    queryKey: key,
    queryFn: () => call(opsSupportCalls.thread, { params: { uid } }),
    refetchInterval: 15_000,
  })
  const saved = useQuery({
    queryKey: ['support', 'saved'],
    queryFn: () => call(opsSupportCalls.savedReplies),
  })
  const [text, setText] = useState('')
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID())
  const refresh = () => client.invalidateQueries({ queryKey: ['support'] })
  const unread = detail.data?.thread.unread ?? 0
  // Opening the thread is seeing it: the user's messages show 'Seen'.
  useEffect(() => {
    if (unread > 0)
      void call(opsSupportCalls.markRead, { params: { uid } }).then(() =>
        client.invalidateQueries({ queryKey: ['support'] }),
      )
  }, [unread, uid, client])
  const reply = useMutation({
    mutationFn: () => call(opsSupportCalls.reply, { params: { uid }, body: { text, clientKey } }),
    onSuccess: () => {
      setText('')
      setClientKey(crypto.randomUUID())
      return refresh()
    },
  })
  const assign = useMutation({
    mutationFn: (operator: string | null) =>
      call(opsSupportCalls.assign, { params: { uid }, body: { operator } }),
    onSuccess: refresh,
  })
  const close = useMutation({
    mutationFn: () => call(opsSupportCalls.close, { params: { uid } }),
    onSuccess: refresh,
  })
  if (detail.isLoading) return <div className="state">Loading…</div>
  if (detail.error || !detail.data) return <div className="state error">{detail.error?.message}</div>
  const { thread, messages, record, assignable } = detail.data
  const language = thread.user.language
  return (
    <div className="support-thread">
      <header>
        <h2>
          <bdi>
            {thread.user.firstName} {thread.user.lastName ?? ''}
          </bdi>{' '}
          <span className="muted">
            {thread.user.telegramId ?? 'no Telegram'} · {language === 'fa' ? 'Persian' : 'English'} ·{' '}
            {thread.status}
          </span>
        </h2>
        {canAct ? (
          <div className="actions">
            <select
              aria-label="Assign to"
              value={thread.assignee ?? ''}
              onChange={(e) => assign.mutate(e.target.value === '' ? null : e.target.value)}
            >
              <option value="">Unassigned</option>
              {assignable.map((login) => (
                <option key={login} value={login}>
                  {login === me.login ? `${login} (me)` : login}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => close.mutate()} disabled={thread.status === 'closed'}>
              Close
            </button>
          </div>
        ) : (
          <p className="muted">Assigned to {thread.assignee ?? 'nobody'}</p>
        )}
      </header>
      <div className="support-columns">
        <ol className="support-messages">
          {messages.map((m) => (
            <MessageItem key={m.uid} message={m} />
          ))}
        </ol>
        <aside className="support-record" aria-label="The user's record">
          <h3>Accounts ({record.accounts.total})</h3>
          <RecordList items={record.accounts.latest.map((a) => [a.uid, `${a.label} · ${a.status}`])} />
          <h3>Invoices</h3>
          <RecordList items={record.invoices.map((i) => [i.uid, `${i.label} · ${i.status}`])} />
          <h3>Transactions</h3>
          <RecordList items={record.transactions.map((t) => [t.uid, `${t.label} · ${t.status}`])} />
          <h3>Last errors</h3>
          <RecordList
            items={record.errors.map((e) => [
              `${e.at}-${e.requestId}`,
              `${new Date(e.at).toLocaleString()} · ${e.method} ${e.route} · ${e.status} ${e.code ?? ''} · ${e.requestId}`,
            ])}
          />
        </aside>
      </div>
      {canAct ? (
        <form
          className="support-reply"
          onSubmit={(e) => {
            e.preventDefault()
            if (text.trim() !== '') reply.mutate()
          }}
        >
          {saved.data?.length ? (
            <select
              aria-label="Saved reply"
              value=""
              onChange={(e) => {
                const chosen = saved.data.find((s) => s.uid === e.target.value)
                if (chosen) setText(language === 'fa' ? chosen.fa : chosen.en)
              }}
            >
              <option value="">Saved reply ({language === 'fa' ? 'Persian' : 'English'})…</option>
              {saved.data.map((s) => (
                <option key={s.uid} value={s.uid}>
                  {s.title}
                </option>
              ))}
            </select>
          ) : null}
          <textarea
            aria-label="Reply"
            placeholder={`Your reply to ${thread.user.firstName}, as plain text`}
            dir="auto"
            rows={4}
            value={text}
            maxLength={2000}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" disabled={reply.isPending || text.trim() === ''}>
            Send reply (the bot sends it in {language === 'fa' ? 'Persian' : 'English'})
          </button>
          <MutationError error={reply.error ?? assign.error ?? close.error} />
        </form>
      ) : (
        <p className="muted">Viewers read; operators and admins reply.</p>
      )}
    </div>
  )
}
