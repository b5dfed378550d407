/**
 * The support inbox (docs/support.md): threads by latest activity with their status, unread count and assignee,
 * searched by user, phone or text; a thread beside the user's record, with reply (saved replies in both
 * languages), assign and close for operators and admins. Every text is a React text node: what users write is
 * shown as text, never as markup.
 */
import { type OpsSupportThread, opsSupportCalls } from '@app/contract/ops'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { call } from '#lib/api.ts'
import { SupportThreadView, showControls } from './support-detail.tsx'

type StatusFilter = 'open' | 'waiting' | 'closed' | 'all'

const who = (t: OpsSupportThread) =>
  [t.user.firstName, t.user.lastName].filter(Boolean).join(' ') +
  (t.user.username ? ` @${t.user.username}` : '')

export function SupportScreen() {
  const { uid } = useParams()
  const [status, setStatus] = useState<StatusFilter>('open')
  const [q, setQ] = useState('')
  const [mine, setMine] = useState(false)
  const list = useQuery({
    queryKey: ['support', 'threads', status, q, mine],
    queryFn: () =>
      call(opsSupportCalls.threads, {
        query: {
          status,
          ...(q.trim() ? { q: q.trim() } : {}),
          ...(mine ? { mine: 'true' } : {}),
          limit: 100,
        },
      }),
    refetchInterval: 15_000,
  })
  return (
    <section className="support-inbox">
      <header className="screen-header">
        <h1>Support</h1>
      </header>
      <div className="filters">
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="open">Open (waiting for us)</option>
            <option value="waiting">Waiting for the user</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </label>
        <input
          type="search"
          placeholder="Name, Telegram id, phone or text"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-label="Search threads"
        />
        <label className="check">
          <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} /> Assigned to me
        </label>
      </div>
      <div className={uid ? 'support-layout has-thread' : 'support-layout'}>
        <ul className="support-threads" aria-label="Threads">
          {list.isLoading ? <li className="state">Loading…</li> : null}
          {list.error ? <li className="state error">{list.error.message}</li> : null}
          {list.data?.items.length === 0 ? (
            <li className="state">
              {status === 'open' && q.trim() === '' && !mine
                ? 'Nobody is waiting: no open threads.'
                : 'No threads match.'}
            </li>
          ) : null}
          {list.data?.items.map((thread) => (
            <li
              key={thread.uid}
              className={thread.uid === uid ? 'selected' : undefined}
              data-testid="support-thread-row"
            >
              <Link to={`/support/${thread.uid}`}>
                <strong>
                  <bdi>{who(thread)}</bdi>
                </strong>
                {thread.user.blocked ? <span className="badge danger">blocked</span> : null}
                {thread.unread > 0 ? <span className="badge">{thread.unread} unread</span> : null}
                <span className="muted"> · {thread.status}</span>
                {thread.assignee ? <span className="muted"> · {thread.assignee}</span> : null}
                <span className="support-preview" dir="auto">
                  {thread.lastMessage.from === 'operator' ? 'You: ' : ''}
                  {thread.lastMessage.text === null ? '(photo)' : showControls(thread.lastMessage.text)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="support-detail">
          {uid ? (
            <>
              <Link className="support-back" to="/support">
                ← All threads
              </Link>
              <SupportThreadView uid={uid} />
            </>
          ) : (
            <div className="state">Choose a thread.</div>
          )}
        </div>
      </div>
    </section>
  )
}
