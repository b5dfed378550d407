import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DialogHost } from '#components/ui/dialog-host.tsx'
import { showDialog } from '#lib/dialogs.ts'
import { onBackButtonClick, setBackButtonVisible } from '#lib/telegram/back-button.ts'
import { hapticImpact, hapticNotification, hapticSelection } from '#lib/telegram/haptics.ts'
import { initTelegram } from '#lib/telegram/init-telegram.ts'
import { readLaunchParams } from '#lib/telegram/launch-params.ts'
import { openExternalUrl, openTelegramUrl } from '#lib/telegram/links.ts'
import { canShowNativePopup, showNativePopup } from '#lib/telegram/native-popup.ts'
import { contrast } from '#lib/telegram/readable-theme.ts'
import { buildLaunchUrl, THEME } from '#test-helpers/launch-url.ts'
import { type FakeTelegram, installFakeTelegram } from '#test-helpers/telegram-bridge.ts'

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name)

/** Telegram opens the app: launch parameters in the URL, then the layer starts as bootstrap starts it. */
function launch(
  options: { version?: string; platform?: string; client?: boolean } = {},
): FakeTelegram | null {
  if (options.client === false) delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy
  const telegram = options.client === false ? null : installFakeTelegram()
  const { url } = buildLaunchUrl({ version: options.version ?? '8.0', platform: options.platform ?? 'ios' })
  const params = readLaunchParams(`https://app.example${url}`, sessionStorage)
  if (!params) throw new Error('no launch parameters')
  initTelegram(params)
  return telegram
}

/** Lets the fake client's queued answers (viewport, safe areas, popups) arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

afterEach(() => {
  document.documentElement.removeAttribute('style')
  document.getElementById('telegram-custom-styles')?.remove()
})

describe('start-up', () => {
  it('tells Telegram the app is ready, and that the iframe may be reloaded', () => {
    const telegram = launch()
    expect(telegram?.events.slice(0, 2)).toEqual([
      { type: 'iframe_ready', data: { reload_supported: true } },
      { type: 'web_app_ready', data: undefined },
    ])
  })

  it('does nothing without a Telegram client: no theme, no viewport, nothing supported', () => {
    launch({ client: false })
    expect(cssVar('--tg-theme-bg-color')).toBe('')
    expect(cssVar('--tg-viewport-height')).toBe('')
    expect(canShowNativePopup({ message: 'Hi', buttons: [{ id: 'ok', text: 'Ok' }] })).toBe(false)
  })

  it('takes the CSS Telegram Web sends for the app', () => {
    const telegram = launch()
    telegram?.emit('set_custom_style', '.x { color: red }')
    expect(document.getElementById('telegram-custom-styles')?.textContent).toBe('.x { color: red }')
  })

  it('says it will reload when Telegram asks it to reload the iframe', () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    const telegram = launch()
    telegram?.emit('reload_iframe')
    expect(telegram?.posted('iframe_will_reload')).toHaveLength(1)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('theme', () => {
  it('binds the theme parameters to --tg-theme-* and paints the header and background', () => {
    const telegram = launch({ version: '6.1' })
    expect(cssVar('--tg-theme-bg-color')).toBe(THEME.bg_color)
    expect(cssVar('--tg-theme-secondary-bg-color')).toBe(THEME.secondary_bg_color)
    expect(cssVar('--tg-theme-button-text-color')).toBe(THEME.button_text_color)
    expect(cssVar('--tg-bg-color')).toBe(THEME.secondary_bg_color)
    expect(cssVar('--tg-header-color')).toBe(THEME.secondary_bg_color)
    expect(telegram?.posted('web_app_set_header_color')).toEqual([{ color_key: 'secondary_bg_color' }])
    expect(telegram?.posted('web_app_set_background_color')).toEqual([{ color: THEME.secondary_bg_color }])
  })

  it('follows a theme change: variables, and the background colour sent again', () => {
    const telegram = launch()
    telegram?.emit('theme_changed', {
      theme_params: { bg_color: '#000000', secondary_bg_color: '#1c1c1d', text_color: 0xffffff, hint: 'red' },
    })
    expect(cssVar('--tg-theme-bg-color')).toBe('#000000')
    expect(cssVar('--tg-theme-text-color')).toBe('#ffffff')
    expect(cssVar('--tg-theme-hint')).toBe('')
    // Keys the change did not mention keep their value; the button stays readable under its text (4.5:1).
    expect(cssVar('--tg-theme-button-text-color')).toBe(THEME.button_text_color)
    expect(contrast(cssVar('--tg-theme-button-color'), THEME.button_text_color)).toBeGreaterThanOrEqual(4.5)
    expect(cssVar('--tg-bg-color')).toBe('#1c1c1d')
    expect(telegram?.posted('web_app_set_background_color').at(-1)).toEqual({ color: '#1c1c1d' })
  })

  it('leaves the colours to Telegram before Mini Apps 6.1', () => {
    const telegram = launch({ version: '6.0' })
    expect(cssVar('--tg-theme-bg-color')).toBe(THEME.bg_color)
    expect(cssVar('--tg-bg-color')).toBe(THEME.bg_color)
    expect(telegram?.posted('web_app_set_header_color')).toEqual([])
    expect(telegram?.posted('web_app_set_background_color')).toEqual([])
  })
})

describe('viewport and safe areas', () => {
  it('asks for the viewport and both safe areas, binds them to --tg-viewport-*, and expands', async () => {
    const telegram = launch({ version: '8.0' })
    await settle()
    expect(telegram?.posted('web_app_request_viewport')).toHaveLength(1)
    expect(telegram?.posted('web_app_expand')).toHaveLength(1)
    expect(cssVar('--tg-viewport-height')).toBe('844px')
    expect(cssVar('--tg-viewport-width')).toBe('390px')
    expect(cssVar('--tg-viewport-stable-height')).toBe('844px')
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('47px')
    expect(cssVar('--tg-viewport-safe-area-inset-bottom')).toBe('34px')
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('0px')
  })

  it('moves the stable height only once the client says the height settled', async () => {
    const telegram = launch()
    await settle()
    telegram?.emit('viewport_changed', { height: 600, width: 390, is_expanded: true, is_state_stable: false })
    expect(cssVar('--tg-viewport-height')).toBe('600px')
    expect(cssVar('--tg-viewport-stable-height')).toBe('844px')
    telegram?.emit('viewport_changed', { height: 610, width: 390, is_expanded: true, is_state_stable: true })
    expect(cssVar('--tg-viewport-stable-height')).toBe('610px')
  })

  it('follows safe area changes (rotation, fullscreen)', async () => {
    const telegram = launch()
    await settle()
    telegram?.emit('safe_area_changed', { top: 0, bottom: 21, left: 47, right: 47 })
    telegram?.emit('content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 })
    expect(cssVar('--tg-viewport-safe-area-inset-left')).toBe('47px')
    expect(cssVar('--tg-viewport-safe-area-inset-bottom')).toBe('21px')
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('46px')
  })

  it('before Mini Apps 8.0 does not ask for safe areas: they are zero', async () => {
    const telegram = launch({ version: '7.10' })
    await settle()
    expect(telegram?.posted('web_app_request_safe_area')).toEqual([])
    expect(telegram?.posted('web_app_request_content_safe_area')).toEqual([])
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('0px')
    expect(cssVar('--tg-viewport-content-safe-area-inset-bottom')).toBe('0px')
  })

  it('takes the window as the viewport on desktop clients, without asking', () => {
    vi.stubGlobal('innerHeight', 700)
    vi.stubGlobal('innerWidth', 1000)
    const telegram = launch({ platform: 'tdesktop' })
    expect(telegram?.posted('web_app_request_viewport')).toEqual([])
    expect(cssVar('--tg-viewport-height')).toBe('700px')
    expect(cssVar('--tg-viewport-stable-height')).toBe('700px')
    expect(cssVar('--tg-viewport-width')).toBe('1000px')
  })
})

describe('back button', () => {
  it('shows and hides the native button, telling Telegram only about changes', () => {
    const telegram = launch({ version: '6.1' })
    setBackButtonVisible(false)
    setBackButtonVisible(true)
    setBackButtonVisible(true)
    setBackButtonVisible(false)
    expect(telegram?.posted('web_app_setup_back_button')).toEqual([
      { is_visible: true },
      { is_visible: false },
    ])
  })

  it('has no back button before Mini Apps 6.1', () => {
    const telegram = launch({ version: '6.0' })
    setBackButtonVisible(true)
    expect(telegram?.posted('web_app_setup_back_button')).toEqual([])
  })

  it('calls the listener on each press until it unsubscribes', () => {
    const telegram = launch()
    const pressed = vi.fn()
    const stop = onBackButtonClick(pressed)
    telegram?.emit('back_button_pressed')
    telegram?.emit('back_button_pressed')
    stop()
    telegram?.emit('back_button_pressed')
    expect(pressed).toHaveBeenCalledTimes(2)
  })
})

describe('haptics', () => {
  it('sends impact, notification and selection feedback from Mini Apps 6.1', () => {
    const telegram = launch({ version: '6.1' })
    hapticImpact('medium')
    hapticNotification('error')
    hapticSelection()
    expect(telegram?.posted('web_app_trigger_haptic_feedback')).toEqual([
      { type: 'impact', impact_style: 'medium' },
      { type: 'notification', notification_type: 'error' },
      { type: 'selection_change' },
    ])
  })

  it('is silent before 6.1', () => {
    const telegram = launch({ version: '6.0' })
    hapticImpact()
    expect(telegram?.posted('web_app_trigger_haptic_feedback')).toEqual([])
  })
})

describe('popups', () => {
  const confirm = {
    title: 'Edit number',
    message: ' Do you want to edit the number? ',
    buttons: [
      { id: 'cancel', text: 'Cancel' },
      { id: 'edit', text: 'Edit', type: 'destructive' as const },
    ],
  }

  it('shows a native popup from Mini Apps 6.2 and resolves with the pressed button', async () => {
    const telegram = launch({ version: '6.2' })
    telegram?.answerPopupsWith('edit')
    expect(canShowNativePopup(confirm)).toBe(true)
    await expect(showNativePopup(confirm)).resolves.toBe('edit')
    expect(telegram?.posted('web_app_open_popup')).toEqual([
      {
        title: 'Edit number',
        message: 'Do you want to edit the number?',
        buttons: [
          { id: 'cancel', type: 'default', text: 'Cancel' },
          { id: 'edit', type: 'destructive', text: 'Edit' },
        ],
      },
    ])
  })

  it('resolves null when the popup is dismissed without a button', async () => {
    const telegram = launch()
    telegram?.answerPopupsWith(null)
    await expect(showNativePopup(confirm)).resolves.toBeNull()
  })

  it('refuses a second popup while one is open', async () => {
    const telegram = launch()
    const first = showNativePopup(confirm)
    await expect(showNativePopup(confirm)).rejects.toThrow('already open')
    telegram?.emit('popup_closed', { button_id: 'cancel' })
    await expect(first).resolves.toBe('cancel')
  })

  it('keeps to the native limits and versions', () => {
    launch({ version: '6.1' })
    expect(canShowNativePopup(confirm)).toBe(false)
    launch({ version: '8.0' })
    expect(canShowNativePopup({ ...confirm, message: 'x'.repeat(257) })).toBe(false)
    expect(canShowNativePopup({ ...confirm, title: 't'.repeat(65) })).toBe(false)
    expect(canShowNativePopup({ ...confirm, buttons: [] })).toBe(false)
    expect(canShowNativePopup({ ...confirm, buttons: [...confirm.buttons, ...confirm.buttons] })).toBe(false)
    expect(canShowNativePopup({ ...confirm, buttons: [{ id: 'a', text: ' ' }] })).toBe(false)
  })

  it('falls back to the in-app dialog where the client has no popups', async () => {
    const telegram = launch({ version: '6.1' })
    render(<DialogHost />)
    const pressed = showDialog(confirm)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Do you want to edit the number?')
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
    await expect(pressed).resolves.toBe('edit')
    expect(telegram?.posted('web_app_open_popup')).toEqual([])
  })

  it('keeps the keyboard inside the in-app dialog: Tab past the last button comes back to the first', async () => {
    launch({ version: '6.1' })
    render(
      <>
        <button type="button">Behind</button>
        <DialogHost />
      </>,
    )
    void showDialog(confirm)
    const dialog = await screen.findByRole('alertdialog')
    const buttons = within(dialog).getAllByRole('button')
    await waitFor(() => expect(buttons[0]).toHaveFocus())
    for (const expected of [...buttons.slice(1), buttons[0]]) {
      await userEvent.tab()
      expect(expected).toHaveFocus()
    }
    await userEvent.tab({ shift: true })
    expect(buttons.at(-1)).toHaveFocus()
  })

  it('falls back to the in-app dialog when a native popup is already open', async () => {
    launch({ version: '8.0' })
    render(<DialogHost />)
    void showDialog(confirm)
    void showDialog({ ...confirm, title: 'Second' })
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveTextContent('Second'))
  })
})

describe('links', () => {
  it('opens t.me links inside Telegram', () => {
    const telegram = launch({ version: '6.1' })
    openTelegramUrl('https://t.me/durov?start=x')
    expect(telegram?.posted('web_app_open_tg_link')).toEqual([{ path_full: '/durov?start=x' }])
  })

  it('opens outside links in the browser Telegram chooses', () => {
    const telegram = launch({ version: '6.0' })
    openExternalUrl('https://bscscan.com/tx/0x1')
    expect(telegram?.posted('web_app_open_link')).toEqual([{ url: 'https://bscscan.com/tx/0x1' }])
  })

  it('opens a new tab outside Telegram, and for links to other hosts', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const telegram = launch()
    openTelegramUrl('https://example.com/durov')
    launch({ client: false })
    openTelegramUrl('https://t.me/durov')
    openExternalUrl('https://tronscan.org/#/transaction/1')
    expect(open.mock.calls).toEqual([
      ['https://example.com/durov', '_blank', 'noopener'],
      ['https://t.me/durov', '_blank', 'noopener'],
      ['https://tronscan.org/#/transaction/1', '_blank', 'noopener'],
    ])
    expect(telegram?.posted('web_app_open_tg_link')).toEqual([])
  })
})
