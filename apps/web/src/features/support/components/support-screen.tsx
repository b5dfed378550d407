import type { SupportContext, SupportMessage } from '@app/contract'
import { SUPPORT_TEXT_MAX } from '@app/contract'
import { useEffect, useRef, useState } from 'react'
import { Page } from '#components/layout/page.tsx'
import { Button } from '#components/ui/button.tsx'
import { LoadError } from '#components/ui/load-error.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { Spinner } from '#components/ui/spinner.tsx'
import { showApiErrorDialog, showErrorDialog } from '#lib/error-message.ts'
import { formatTimestamp } from '#lib/format.ts'
import { forgetSupportContext, peekSupportContext } from '#lib/support-link.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { type PickedPhoto, photoProblem, readPhoto } from '../api/photo-file.ts'
import {
  markSupportRead,
  type SupportAuth,
  useSendSupportMessage,
  useSupportThread,
} from '../api/support-api.ts'
import './support.css'

/** One message: the words as text (never markup), a photo's mark, when, and for the user's own what became of it. */
function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support')
  const own = message.from === 'user'
  return (
    <li
      className={own ? 'support-bubble support-bubble--own' : 'support-bubble'}
      data-testid="support-message"
    >
      <span className="support-bubble__who">{own ? t('support.you') : t('support.team')}</span>
      {message.hasPhoto ? <span className="support-bubble__photo">📷 {t('support.photo')}</span> : null}
      {message.text ? (
        <p className="support-bubble__text" dir="auto">
          {message.text}
        </p>
      ) : null}
      <span className="support-bubble__meta">
        <bdi dir="ltr">{formatTimestamp(message.createdAt)}</bdi>
        {message.state ? (
          <span data-testid="support-message-state"> · {t(`support.state.${message.state}`)}</span>
        ) : null}
      </span>
    </li>
  )
}

function ContextChip({ context }: { context: SupportContext }) {
  const { t } = useTranslation('support')
  const what = [context.errorCode, context.status, context.screen].filter(Boolean).join(' · ')
  return (
    <p className="support-context" data-testid="support-context">
      {t('support.context', { what: '' })}
      <bdi dir="ltr">{what}</bdi>
    </p>
  )
}

type SupportScreenProps = {
  auth: SupportAuth
  /** The replies were marked read: whoever shows their count (home) can drop it. */
  onRead?: () => void
}

export function SupportScreen({ auth, onRead }: SupportScreenProps) {
  const { t } = useTranslation('support')
  if (auth === null)
    return (
      <Page title={t('support.title')} testId="support">
        <Placeholder description={t('support.signIn')} />
      </Page>
    )
  return <Conversation auth={auth} onRead={onRead} />
}

function Conversation({
  auth,
  onRead,
}: {
  auth: NonNullable<SupportAuth>
  onRead: (() => void) | undefined
}) {
  const { t } = useTranslation(['support', 'common'])
  const thread = useSupportThread(auth)
  const send = useSendSupportMessage(auth)
  const [text, setText] = useState('')
  const [photo, setPhoto] = useState<PickedPhoto | null>(null)
  const [context, setContext] = useState(peekSupportContext)
  // One key per message being written: a resend after a lost answer is the same message.
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID())
  const end = useRef<HTMLDivElement>(null)
  const unread = thread.data?.unread ?? 0
  const count = thread.data?.messages.length ?? 0

  useEffect(() => {
    if (unread > 0)
      void markSupportRead(auth).then(
        () => onRead?.(),
        () => undefined,
      )
  }, [unread, auth, onRead])
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'end' })
  }, [count])

  const pick = async (file: File | undefined) => {
    if (!file) return
    const problem = photoProblem(file)
    if (problem) {
      await showErrorDialog(
        t,
        t(`error.code.${problem}`, { ns: 'common', size: t('error.megabytes', { ns: 'common', count: 5 }) }),
      )
      return
    }
    setPhoto(await readPhoto(file))
  }

  const submit = () => {
    const body = {
      ...(text.trim() ? { text } : {}),
      ...(photo ? { photo: { type: photo.type, data: photo.data } } : {}),
      ...(context ? { context } : {}),
      clientKey,
    }
    send.mutate(body, {
      onSuccess: () => {
        // Only now is it kept: until then the words stay in the box.
        setText('')
        setPhoto(null)
        setContext(undefined)
        forgetSupportContext()
        setClientKey(crypto.randomUUID())
      },
      onError: (error) => void showApiErrorDialog(error, t),
    })
  }

  const canSend = (text.trim() !== '' || photo !== null) && !send.isPending
  return (
    <Page title={t('support.title')} testId="support">
      <p className="support-intro">{t('support.intro')}</p>
      {thread.isPending ? (
        <div className="support-loading">
          <Spinner label={null} />
        </div>
      ) : thread.isError ? (
        <LoadError description={t('support.loadError')} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          {thread.data.status ? (
            <p className="support-status" data-testid="support-status">
              {t(`support.status.${thread.data.status}`)}
            </p>
          ) : null}
          {thread.data.messages.length === 0 ? (
            <p className="support-empty">{t('support.empty')}</p>
          ) : (
            <ol className="support-messages" aria-live="polite">
              {thread.data.messages.map((message) => (
                <Bubble key={message.uid} message={message} />
              ))}
            </ol>
          )}
          <div ref={end} />
        </>
      )}
      <form
        className="support-composer"
        onSubmit={(event) => {
          event.preventDefault()
          if (canSend) submit()
        }}
      >
        {context ? <ContextChip context={context} /> : null}
        {photo ? (
          <div className="support-composer__photo">
            <img src={photo.previewUrl} alt={t('support.photo')} />
            <button type="button" className="support-composer__remove" onClick={() => setPhoto(null)}>
              {t('support.removePhoto')}
            </button>
          </div>
        ) : null}
        <textarea
          className="support-composer__text"
          dir="auto"
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          rows={3}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          onChange={(event) => setText(event.target.value)}
          data-testid="support-text"
        />
        <div className="support-composer__actions">
          <label className="support-composer__attach">
            {t('support.attach')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              data-testid="support-photo"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
          </label>
          <Button type="submit" disabled={!canSend} loading={send.isPending} data-testid="support-send">
            {t('support.send')}
          </Button>
        </div>
      </form>
    </Page>
  )
}
