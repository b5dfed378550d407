/**
 * Settings and limits: every key in force with what it means, and a change that waits (four eyes: a higher
 * payout_approval_above, or 0, applies a day later); admins change them (each change is audited).
 */
import {
  opsSettingCalls,
  type PendingSetting,
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
  SETTING_KINDS,
  type SettingKey,
} from '@app/contract/ops'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '#lib/api.ts'
import { useCan } from '#lib/session.tsx'
import { editableSetting, formatSetting } from '#lib/setting-value.ts'

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
      call(opsSettingCalls.set, { params: { key }, body: { value } }),
    onSuccess: (saved, { key }) => {
      setEditing(undefined)
      const inForce = formatSetting(key, saved.value)
      setNotice(
        saved.pending
          ? `${key} stays ${inForce} until ${when(saved.pending.effectiveAt)}: the new value asks for fewer approvals, so it waits, and the operators' chat has been told. To cancel it, set ${inForce} again.`
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
              <td data-label="Setting">
                <code>{key}</code>
              </td>
              <td data-label="Value">
                {editing?.key === key ? (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault()
                      save.mutate(editing)
                    }}
                  >
                    <SettingField
                      settingKey={key}
                      value={editing.value}
                      onChange={(value) => setEditing({ key, value })}
                    />
                    <button type="submit" className="primary" disabled={save.isPending}>
                      Save
                    </button>
                    {save.error ? <span className="field-error">{save.error.message}</span> : null}
                  </form>
                ) : (
                  <strong data-testid="setting-value">
                    {formatSetting(key, settings.data[key] ?? null)}
                  </strong>
                )}
                <Waiting change={waiting.get(key)} />
              </td>
              <td className="muted" data-label="Meaning">
                {SETTING_DESCRIPTIONS[key]}
              </td>
              <td>
                {canChange && editing?.key !== key ? (
                  <button
                    type="button"
                    onClick={() => setEditing({ key, value: editableSetting(settings.data[key]) })}
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
      becomes <strong>{formatSetting(change.key, change.value)}</strong> at {when(change.effectiveAt)} (asked
      by {change.requestedBy})
    </div>
  )
}

/** The field of the setting's kind: a switch is On or Off; the rest are typed as the server reads them. */
function SettingField(props: { settingKey: SettingKey; value: string; onChange: (value: string) => void }) {
  const kind = SETTING_KINDS[props.settingKey]
  if (kind === 'switch')
    return (
      <select
        aria-label={props.settingKey}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="true">On</option>
        <option value="false">Off</option>
      </select>
    )
  return (
    <input
      aria-label={props.settingKey}
      value={props.value}
      inputMode={
        kind === 'usdt' || kind === 'percent' || kind === 'rate'
          ? 'decimal'
          : kind === 'seconds'
            ? 'numeric'
            : 'text'
      }
      placeholder={kind === 'channel' ? 'none' : kind === 'domains' ? 'any domain' : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  )
}
