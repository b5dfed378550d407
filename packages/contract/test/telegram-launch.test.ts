import { describe, expect, it } from 'vitest'
import { composeInitData, initDataEntries, telegramLaunchUrl } from '../src/telegram-launch.ts'

const user = { id: 42, first_name: 'Ada', language_code: 'en' }
const fields = { user, authDate: 1_700_000_000, queryId: 'AAHq', signature: 'c2ln' }

describe('telegram launch', () => {
  it('writes init data fields in Telegram order, the hash last and computed over the others', () => {
    let hashed: Record<string, string> = {}
    const raw = composeInitData({ ...fields, startParam: 'SPRING' }, (signed) => {
      hashed = signed
      return 'f00d'
    })
    const params = new URLSearchParams(raw)
    expect([...params.keys()]).toEqual([
      'query_id',
      'user',
      'auth_date',
      'signature',
      'start_param',
      'chat_type',
      'chat_instance',
      'hash',
    ])
    expect(JSON.parse(params.get('user') ?? '')).toEqual(user)
    expect(params.get('hash')).toBe('f00d')
    expect(hashed).toEqual(Object.fromEntries(initDataEntries({ ...fields, startParam: 'SPRING' })))
    expect(hashed).not.toHaveProperty('hash')
  })

  it('leaves start_param and chat_type out without a start parameter', () => {
    const keys = initDataEntries(fields).map(([key]) => key)
    expect(keys).not.toContain('start_param')
    expect(keys).not.toContain('chat_type')
  })

  it('puts init data, version, platform and theme in the hash and the start parameter in the query', () => {
    const initData = composeInitData(fields, () => 'f00d')
    const url = new URL(
      telegramLaunchUrl({
        path: '/invoices',
        initData,
        platform: 'android',
        version: '8.0',
        themeParams: { bg_color: '#ffffff' },
        startParam: 'SPRING',
      }),
      'https://app.example',
    )
    expect(url.pathname).toBe('/invoices')
    expect(url.searchParams.get('tgWebAppStartParam')).toBe('SPRING')
    const hash = new URLSearchParams(url.hash.slice(1))
    expect(hash.get('tgWebAppData')).toBe(initData)
    expect(hash.get('tgWebAppVersion')).toBe('8.0')
    expect(hash.get('tgWebAppPlatform')).toBe('android')
    expect(JSON.parse(hash.get('tgWebAppThemeParams') ?? '')).toEqual({ bg_color: '#ffffff' })
  })

  it('opens / without a query when there is no start parameter', () => {
    const url = telegramLaunchUrl({ initData: 'x=1', platform: 'ios', version: '6.0', themeParams: {} })
    expect(url.startsWith('/#tgWebAppData=x%3D1&')).toBe(true)
  })
})
