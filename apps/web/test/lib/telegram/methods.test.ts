import { afterEach, describe, expect, it } from 'vitest'
import { compareVersions, isInTelegram, setClientVersion, supports } from '#lib/telegram/methods.ts'

afterEach(() => setClientVersion(null))

describe('Mini Apps versions', () => {
  it('compares versions part by part, as numbers', () => {
    expect(compareVersions('6.10', '6.9')).toBe(1)
    expect(compareVersions('6.2', '6.10')).toBe(-1)
    expect(compareVersions('7', '7.0')).toBe(0)
    expect(compareVersions('8.0', '9.1')).toBe(-1)
  })

  it('knows which method came with which version', () => {
    expect(supports('web_app_ready', '6.0')).toBe(true)
    expect(supports('web_app_setup_back_button', '6.0')).toBe(false)
    expect(supports('web_app_setup_back_button', '6.1')).toBe(true)
    expect(supports('web_app_trigger_haptic_feedback', '6.1')).toBe(true)
    expect(supports('web_app_open_popup', '6.1')).toBe(false)
    expect(supports('web_app_open_popup', '6.2')).toBe(true)
    expect(supports('web_app_request_safe_area', '7.10')).toBe(false)
    expect(supports('web_app_request_content_safe_area', '8.0')).toBe(true)
  })

  it('supports nothing outside Telegram and asks the client version by default', () => {
    expect(isInTelegram()).toBe(false)
    expect(supports('web_app_ready')).toBe(false)
    setClientVersion('6.1')
    expect(isInTelegram()).toBe(true)
    expect(supports('web_app_setup_back_button')).toBe(true)
    expect(supports('web_app_open_popup')).toBe(false)
  })
})
