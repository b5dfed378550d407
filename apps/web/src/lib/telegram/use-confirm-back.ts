import { type To, useNavigate } from 'react-router'
import { showDialog } from '../dialogs.ts'
import { useBackHandler } from './back-handlers.ts'

type ConfirmBackOptions = {
  title: string
  message: string
  confirmText: string
  cancelText: string
  /** Where confirming leads; -1 for the previous entry. */
  to: To | -1
}

/** The spec's back-button helper: asks first (title, message, button text), then navigates. */
export function useConfirmBack({ title, message, confirmText, cancelText, to }: ConfirmBackOptions): void {
  const navigate = useNavigate()
  useBackHandler(() => {
    void showDialog({
      title,
      message,
      buttons: [
        { id: 'cancel', text: cancelText },
        { id: 'confirm', text: confirmText, type: 'destructive' },
      ],
    }).then((pressed) => {
      if (pressed !== 'confirm') return
      if (to === -1) void navigate(-1)
      else void navigate(to)
    })
  })
}
