/**
 * A fake Telegram client, the way Telegram talks to a Mini App on ios/android: the app calls
 * window.TelegramWebviewProxy.postEvent(type, json) and Telegram answers through
 * window.Telegram.WebView.receiveEvent(type, data). Nothing of the app is mocked.
 */
export type PostedEvent = { type: string; data: unknown }

type Reply = (event: PostedEvent) => [string, unknown] | undefined

/** A native popup's parameters, as the app posts them. */
export type PostedPopup = { title: string; message: string; buttons: { id: string; text: string }[] }

/** The button a user presses in a popup (its id), or null to dismiss it. */
type PopupAnswer = string | null | ((popup: PostedPopup) => string | null)

type WindowWithTelegram = Window & {
  TelegramWebviewProxy?: { postEvent: (type: string, data?: string) => void }
  Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } }
}

const w = window as WindowWithTelegram

/** What a phone client answers to the requests the app makes at start (lib/telegram/viewport.ts). */
const defaultReplies: Reply = ({ type }) => {
  switch (type) {
    case 'web_app_request_viewport':
      return ['viewport_changed', { height: 844, width: 390, is_expanded: true, is_state_stable: true }]
    case 'web_app_request_safe_area':
      return ['safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 }]
    case 'web_app_request_content_safe_area':
      return ['content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }]
    default:
      return undefined
  }
}

export type FakeTelegram = {
  events: PostedEvent[]
  /** Events of one type, in order. */
  posted: (type: string) => unknown[]
  /** Telegram sends an event to the app. */
  emit: (type: string, data?: unknown) => void
  /** Answer every native popup by pressing this button (id), or the one the function picks, as a user would. */
  answerPopupsWith: (answer: PopupAnswer) => void
  uninstall: () => void
}

export function installFakeTelegram(): FakeTelegram {
  const events: PostedEvent[] = []
  let popupAnswer: PopupAnswer | undefined

  const emit = (type: string, data?: unknown) => {
    w.Telegram?.WebView?.receiveEvent?.(type, data)
  }

  w.TelegramWebviewProxy = {
    postEvent(type, json) {
      const event = { type, data: json ? (JSON.parse(json) as unknown) : undefined }
      events.push(event)
      const reply = defaultReplies(event)
      if (reply) queueMicrotask(() => emit(reply[0], reply[1]))
      if (type === 'web_app_open_popup' && popupAnswer !== undefined) {
        const answer =
          typeof popupAnswer === 'function' ? popupAnswer(event.data as PostedPopup) : popupAnswer
        setTimeout(() => emit('popup_closed', answer === null ? {} : { button_id: answer }), 0)
      }
    },
  }

  return {
    events,
    posted: (type) => events.filter((event) => event.type === type).map((event) => event.data),
    emit,
    answerPopupsWith: (answer) => {
      popupAnswer = answer
    },
    uninstall: () => {
      delete w.TelegramWebviewProxy
    },
  }
}
