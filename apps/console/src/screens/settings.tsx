/**
 * Settings and limits: every key in force with what it means, and a change that waits (four eyes: a higher
 * payout_approval_above, or 0, applies a day later); admins change them (each change is audited).
 */
import {
  opsSettingCalls,
  type PendingSetting,
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
  type SettingKey,
} from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '../lib/api.ts'
import { useCan } from '../lib/session.tsx'

export function SettingsScreen() {
  const client = useQueryClient()
  const canChange = useCan('admin')
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => call(opsSettingCalls.list),
  })
  const pending = useQuery({
    queryKey: ['settings', 'pending'],
    queryFn: () => call(opsSettingCalls.pending),
  })
  const [editing, setEditing] = useState<{ key: SettingKey; value: string }>()
  const [notice, setNotice] = useState<string>()
  const save = useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) =>
      call(opsSettingCalls.set, { params: { key }, body: { value: value === 'null' ? null : value } }),
    onSuccess: (saved) => {
      setEditing(undefined)
      setNotice(
        saved.pending
          ? `${saved.key} stays ${JSON.stringify(saved.value)} until ${when(saved.pending.effectiveAt)}: the new value asks for fewer approvals, so it waits, and the operators' chat has been told. To cancel it, set ${JSON.stringify(saved.value)} again.`
          : undefined,
      )
      void client.invalidateQueries({ queryKey: ['settings'] })
    },
  })
  const waiting = new Map((pending.data ?? []).map((change) => [change.key, change]))
  if (settings.error) return <div className="state error">{settings.error.message}</div>
  if (!settings.data) return <div className="state">Loading…</div>
  return (
    <section>
      <header className="screen-header">
        <h1>Settings and limits</h1>
      </header>
      {notice ? <p className="notice">{notice}</p> : null}
      <table className="table">
        <thead>
          <tr>
            <th>Setting</th>
            <th>Value</th>
            <th>Meaning</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {SETTING_KEYS.map((key) => (
            <tr key={key}>
              <td>
                <code>{key}</code>
              </td>
              <td>
                {editing?.key === key ? (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault()
                      save.mutate(editing)
                    }}
                  >
                    <input
                      aria-label={key}
                      value={editing.value}
                      onChange={(event) => setEditing({ key, value: event.target.value })}
                    />
                    <button type="submit" className="primary" disabled={save.isPending}>
                      Save
                    </button>
                    {save.error ? <span className="field-error">{save.error.message}</span> : null}
                  </form>
                ) : (
                  <strong>{JSON.stringify(settings.data[key] ?? null)}</strong>
                )}
                <Waiting change={waiting.get(key)} />
              </td>
              <td className="muted">{SETTING_DESCRIPTIONS[key]}</td>
              <td>
                {canChange && editing?.key !== key ? (
                  <button
                    type="button"
                    onClick={() => setEditing({ key, value: String(settings.data[key] ?? 'null') })}
                  >
                    Change
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const when = (iso: string) => new Date(iso).toLocaleString()

/** A change that waits for its time, under the value in force. */
function Waiting({ change }: { change: PendingSetting | undefined }) {
  if (change === undefined) return null
  return (
    <div className="pending-change" data-testid={`pending-${change.key}`}>
      becomes <strong>{JSON.stringify(change.value)}</strong> at {when(change.effectiveAt)} (asked by{' '}
      {change.requestedBy})
    </div>
  )
}
