import { useEffect, useRef, useSyncExternalStore } from 'react'
import { getOpenDialogs, type OpenDialog, subscribeDialogs } from '#lib/dialogs.ts'

function InAppDialog({ dialog }: { dialog: OpenDialog }) {
  const titleId = `dialog-title-${dialog.key}`
  const messageId = `dialog-message-${dialog.key}`
  const firstButton = useRef<HTMLButtonElement>(null)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    firstButton.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dialog.close(null)
      // A modal keeps the keyboard inside: Tab past the last button comes back to the first, and the other way.
      if (event.key !== 'Tab') return
      const buttons = [...(box.current?.querySelectorAll('button') ?? [])]
      const inside = buttons.indexOf(document.activeElement as HTMLButtonElement)
      const next = inside + (event.shiftKey ? -1 : 1)
      if (inside >= 0 && next >= 0 && next < buttons.length) return
      event.preventDefault()
      buttons.at(event.shiftKey ? -1 : 0)?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [dialog])

  return (
    <div className="dialog-backdrop">
      <div
        ref={box}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={dialog.title ? titleId : undefined}
        aria-describedby={messageId}
      >
        <div className="dialog__body">
          {dialog.title ? (
            <h2 id={titleId} className="dialog__title">
              {dialog.title}
            </h2>
          ) : null}
          <p id={messageId} className="dialog__message">
            {dialog.message}
          </p>
        </div>
        <div className="dialog__actions">
          {dialog.buttons.map((button, index) => (
            <button
              key={button.id}
              ref={index === 0 ? firstButton : undefined}
              type="button"
              className={button.type === 'destructive' ? 'dialog__button--destructive' : undefined}
              onClick={() => dialog.close(button.id)}
            >
              {button.text}
            </button>
          ))}
        </div>
      </div>
    </div>
  )
}

/** Renders the in-app fallback for dialogs the Telegram client cannot show natively. */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribeDialogs, getOpenDialogs, getOpenDialogs)
  const top = dialogs[dialogs.length - 1]
  return top ? <InAppDialog key={top.key} dialog={top} /> : null
}
