/**
 * The transport between the Mini App and its Telegram client, as Telegram documents it
 * (core.telegram.org/api/web-events), both directions and nothing else.
 *
 * To Telegram: in an iframe (Telegram Web, our /simulator page) `window.parent.postMessage` of a JSON string
 * `{eventType, eventData}`; on ios/android `window.TelegramWebviewProxy.postEvent(type, JSON)`; on Windows
 * Phone `window.external.notify(JSON)`.
 * From Telegram: the clients call `window.Telegram.WebView.receiveEvent(type, data)` (older ones
 * `TelegramGameProxy.receiveEvent` or `TelegramGameProxy_receiveEvent`); Telegram Web posts the same JSON
 * string as a `message` event from the parent window.
 */

type ReceiveEvent = (eventType: unknown, eventData?: unknown) => void

type TelegramWindow = Window & {
  TelegramWebviewProxy?: { postEvent?: (eventType: string, eventData?: string) => void }
  Telegram?: { WebView?: { receiveEvent?: ReceiveEvent } }
  TelegramGameProxy?: { receiveEvent?: ReceiveEvent }
  TelegramGameProxy_receiveEvent?: ReceiveEvent
}

export type TelegramEventListener = (payload: unknown) => void

/** Where iframe messages go; Telegram Web's origin unless the page trusts its parent (see init-telegram.ts). */
let targetOrigin = 'https://web.telegram.org'

export function setTargetOrigin(origin: string): void {
  targetOrigin = origin
}

function isIframe(): boolean {
  try {
    return window.self !== window.top
  } catch {
    // A cross-origin top throws on access: that is an iframe too.
    return true
  }
}

/**
 * Sends one event to Telegram. Returns false when there is no Telegram to send to (a plain browser) or the
 * client refused the call, so that callers can fall back (a new tab, an in-app dialog).
 */
export function postEvent(eventType: string, eventData?: unknown): boolean {
  const w = window as TelegramWindow
  try {
    if (isIframe()) {
      window.parent.postMessage(JSON.stringify({ eventType, eventData }), targetOrigin)
      return true
    }
    const proxy = w.TelegramWebviewProxy
    if (typeof proxy?.postEvent === 'function') {
      proxy.postEvent(eventType, JSON.stringify(eventData))
      return true
    }
    const external = (w as { external?: { notify?: unknown } }).external
    if (typeof external?.notify === 'function') {
      external.notify(JSON.stringify({ eventType, eventData }))
      return true
    }
  } catch {
    return false
  }
  return false
}

const listeners = new Map<string, Set<TelegramEventListener>>()

function dispatch(eventType: unknown, eventData?: unknown): void {
  if (typeof eventType !== 'string') return
  // A copy: a listener may unsubscribe itself (popup_closed) while we iterate.
  for (const listener of [...(listeners.get(eventType) ?? [])]) listener(eventData)
}

function onParentMessage(event: MessageEvent): void {
  if (event.source !== window.parent || typeof event.data !== 'string') return
  let message: unknown
  try {
    message = JSON.parse(event.data)
  } catch {
    return
  }
  if (message && typeof message === 'object' && 'eventType' in message) {
    dispatch(message.eventType, 'eventData' in message ? message.eventData : undefined)
  }
}

let listeningToMessages = false

/** Installs the entry points Telegram calls. Idempotent; init calls it before sending anything. */
export function listenToTelegram(): void {
  const w = window as TelegramWindow
  w.Telegram ??= {}
  w.Telegram.WebView ??= {}
  w.Telegram.WebView.receiveEvent = dispatch
  w.TelegramGameProxy ??= {}
  w.TelegramGameProxy.receiveEvent = dispatch
  w.TelegramGameProxy_receiveEvent = dispatch
  if (!listeningToMessages) {
    window.addEventListener('message', onParentMessage)
    listeningToMessages = true
  }
}

/** Subscribes to one event type from Telegram; returns the unsubscribe function. */
export function onEvent(eventType: string, listener: TelegramEventListener): () => void {
  listenToTelegram()
  let set = listeners.get(eventType)
  if (!set) {
    set = new Set()
    listeners.set(eventType, set)
  }
  set.add(listener)
  return () => {
    listeners.get(eventType)?.delete(listener)
  }
}

/** A field of an event payload, whatever the client sent (payloads are untrusted JSON). */
export function field(payload: unknown, key: string): unknown {
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined
}
