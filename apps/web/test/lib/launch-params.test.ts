import { describe, expect, it } from 'vitest'
import { readLaunchParams } from '#lib/telegram/launch-params.ts'
import { ADA, buildLaunchUrl } from '#test-helpers/launch-url.ts'

const origin = 'https://app.example'

describe('launch parameters', () => {
  it('keeps the raw init data byte for byte and reads the user, platform and version', () => {
    const { url, initData } = buildLaunchUrl({ platform: 'android', version: '8.0' })
    const launch = readLaunchParams(origin + url, sessionStorage)

    expect(launch?.rawInitData).toBe(initData)
    expect(launch?.platform).toBe('android')
    expect(launch?.version).toBe('8.0')
    expect(launch?.user).toEqual({
      id: ADA.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      languageCode: 'en',
    })
    expect(launch?.themeParams.button_color).toBe('#2481cc')
  })

  it('reads the start parameter from the query, or from start_param in the init data', () => {
    expect(
      readLaunchParams(origin + buildLaunchUrl({ startParam: 'abc_1' }).url, sessionStorage)?.startParam,
    ).toBe('abc_1')
    const inInitData = buildLaunchUrl({ startParam: 'xyz-2', startParamInInitData: true }).url
    expect(readLaunchParams(origin + inInitData, sessionStorage)?.startParam).toBe('xyz-2')
  })

  it('survives a reload after the router dropped the hash', () => {
    const { url, initData } = buildLaunchUrl()
    readLaunchParams(origin + url, sessionStorage)
    expect(readLaunchParams(`${origin}/invoices`, sessionStorage)?.rawInitData).toBe(initData)
  })

  it('is null when the page was not opened by Telegram', () => {
    expect(readLaunchParams(`${origin}/`, sessionStorage)).toBeNull()
  })
})
