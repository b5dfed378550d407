import { afterEach, describe, expect, it, vi } from 'vitest'
import { listenToTelegram, onEvent, postEvent, setTargetOrigin } from '#lib/telegram/bridge.ts'
import { installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

type TelegramGlobals = {
  Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } }
  TelegramGameProxy?: { receiveEvent?: (type: string, data?: unknown) => void }
  TelegramGameProxy_receiveEvent?: (type: string, data?: unknown) => void
  external?: unknown
}
const globals = window as unknown as TelegramGlobals

afterEach(() => {
  setTargetOrigin('https://web.telegram.org')
})

describe('Telegram bridge: the app to Telegram', () => {
  it('calls TelegramWebviewProxy.postEvent with the type and the data as JSON (ios, android)', () => {
    const telegram = installFakeTelegram()

    expect(postEvent('web_app_open_link', { url: 'https://example.com' })).toBe(true)
    expect(postEvent('web_app_ready')).toBe(true)

    expect(telegram.events).toEqual([
      { type: 'web_app_open_link', data: { url: 'https://example.com' } },
      { type: 'web_app_ready', data: undefined },
    ])
  })

  it('posts {eventType, eventData} as a JSON string to the parent window inside an iframe', () => {
    vi.stubGlobal('top', {})
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {})
    setTargetOrigin('https://simulator.example')

    expect(postEvent('web_app_setup_back_button', { is_visible: true })).toBe(true)

    expect(postMessage).toHaveBeenCalledWith(
      JSON.stringify({ eventType: 'web_app_setup_back_button', eventData: { is_visible: true } }),
      'https://simulator.example',
    )
  })

  it('falls back to window.external.notify (Windows Phone)', () => {
    const notify = vi.fn()
    vi.stubGlobal('external', { notify })

    expect(postEvent('web_app_expand')).toBe(true)

    expect(notify).toHaveBeenCalledWith(JSON.stringify({ eventType: 'web_app_expand' }))
  })

  it('says false when there is no Telegram client, or the client throws', () => {
    vi.stubGlobal('external', {})
    expect(postEvent('web_app_ready')).toBe(false)

    ;(window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy = {
      postEvent: () => {
        throw new Error('refused')
      },
    }
    expect(postEvent('web_app_ready')).toBe(false)
  })
})

describe('Telegram bridge: Telegram to the app', () => {
  it('delivers events from every entry point Telegram calls', () => {
    listenToTelegram()
    const received: unknown[] = []
    const stop = onEvent('popup_closed', (payload) => received.push(payload))

    globals.Telegram?.WebView?.receiveEvent?.('popup_closed', { button_id: 'a' })
    globals.TelegramGameProxy?.receiveEvent?.('popup_closed', { button_id: 'b' })
    globals.TelegramGameProxy_receiveEvent?.('popup_closed', { button_id: 'c' })
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ eventType: 'popup_closed', eventData: { button_id: 'd' } }),
        source: window.parent,
      }),
    )
    stop()

    expect(received).toEqual([{ button_id: 'a' }, { button_id: 'b' }, { button_id: 'c' }, { button_id: 'd' }])
  })

  it('ignores messages that are not from the parent window or not Telegram JSON', () => {
    const received: unknown[] = []
    const stop = onEvent('theme_changed', (payload) => received.push(payload))

    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify({ eventType: 'theme_changed', eventData: 1 }) }),
    )
    window.dispatchEvent(new MessageEvent('message', { data: 'not json', source: window.parent }))
    window.dispatchEvent(new MessageEvent('message', { data: '{"type":"x"}', source: window.parent }))
    stop()

    expect(received).toEqual([])
  })

  it('stops delivering to a listener once it unsubscribes, and only to listeners of that type', () => {
    const first = vi.fn()
    const other = vi.fn()
    const stop = onEvent('back_button_pressed', first)
    const stopOther = onEvent('settings_button_pressed', other)

    globals.Telegram?.WebView?.receiveEvent?.('back_button_pressed')
    stop()
    globals.Telegram?.WebView?.receiveEvent?.('back_button_pressed')
    stopOther()

    expect(first).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
  })
})
