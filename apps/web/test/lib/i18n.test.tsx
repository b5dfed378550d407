import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n, type Resource } from '#lib/i18n.ts'
import { I18nProvider, useTranslation } from '#lib/use-translation.tsx'

const resources: Resource = {
  en: {
    common: {
      'action.ok': 'Ok',
      greeting: 'Hello {{name}}',
      'only.english': 'English only',
      'invoices.minutes_one': '{{count}} minute',
      'invoices.minutes_other': '{{count}} minutes',
    },
    dashboard: { 'dashboard.title': 'Home', 'action.ok': 'Fine' },
  },
  fa: {
    common: { 'action.ok': 'باشه', greeting: 'سلام {{name}}', 'invoices.minutes_one': '{{count}} دقیقه' },
    dashboard: {},
  },
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('translations', () => {
  it('interpolates values and leaves unknown ones visible', () => {
    const t = createI18n('en', resources).getFixedT(null)
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada')
    expect(t('greeting')).toBe('Hello {{name}}')
  })

  it('picks the plural form of the language by count', () => {
    const en = createI18n('en', resources).getFixedT(null)
    expect(en('invoices.minutes', { count: 1 })).toBe('1 minute')
    expect(en('invoices.minutes', { count: 2.5 })).toBe('2.5 minutes')
    // Persian has 'one' for 0 and 1; 'other' is missing in Persian and comes from English.
    const fa = createI18n('fa', resources).getFixedT(null)
    expect(fa('invoices.minutes', { count: 0 })).toBe('0 دقیقه')
    expect(fa('invoices.minutes', { count: 3 })).toBe('3 minutes')
  })

  it('searches the namespaces in order, the language before the fallback, then defaultValue, then the key', () => {
    const i18n = createI18n('fa', resources)
    expect(i18n.getFixedT(null, ['dashboard', 'common'])('action.ok')).toBe('Fine')
    expect(i18n.getFixedT(null, ['common', 'dashboard'])('action.ok')).toBe('باشه')
    expect(i18n.getFixedT(null)('only.english')).toBe('English only')
    expect(i18n.getFixedT(null)('dashboard.title', { ns: 'dashboard' })).toBe('Home')
    expect(i18n.getFixedT('en', 'common')('action.ok')).toBe('Ok')
    expect(i18n.getFixedT(null)('missing', { defaultValue: 'Default {{n}}', n: 1 })).toBe('Default 1')
    expect(i18n.getFixedT(null)('missing')).toBe('missing')
  })

  it('sets <html lang dir> from the language', () => {
    createI18n('fa', resources)
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    createI18n('en', resources)
    expect(document.documentElement).toHaveAttribute('lang', 'en')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
  })
})

describe('loading', () => {
  function serveLocales(files: Record<string, Record<string, string>>) {
    const paths: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        paths.push(path)
        const body = files[path]
        return body
          ? new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
          : new Response('{}', { status: 404 })
      }),
    )
    return paths
  }

  it('loads the first screen namespaces in the language and the fallback at once, others on demand', async () => {
    const paths = serveLocales({
      '/locales/fa/accounts.json': { 'accounts.title': 'اکانت‌ها' },
      '/locales/en/accounts.json': { 'accounts.title': 'Accounts', 'accounts.extra': 'Extra' },
    })
    const i18n = createI18n('fa')
    expect([...paths].sort()).toEqual([
      '/locales/en/common.json',
      '/locales/en/dashboard.json',
      '/locales/fa/common.json',
      '/locales/fa/dashboard.json',
    ])
    expect(i18n.pending(['accounts'])).not.toBeNull()
    await i18n.loadNamespaces('accounts')
    expect(i18n.pending(['accounts'])).toBeNull()
    const t = i18n.getFixedT(null, 'accounts')
    expect(t('accounts.title')).toBe('اکانت‌ها')
    expect(t('accounts.extra')).toBe('Extra')
    // Each file is read once.
    await i18n.loadNamespaces(['accounts', 'common'])
    expect(paths).toHaveLength(6)
  })

  it('useTranslation suspends until its namespaces are there', async () => {
    serveLocales({
      '/locales/en/common.json': { 'action.ok': 'Ok' },
      '/locales/en/dashboard.json': { 'dashboard.title': 'Home' },
    })
    const i18n = createI18n('en')
    function Title() {
      const { t } = useTranslation(['dashboard', 'common'])
      return (
        <h1>
          {t('dashboard.title')} {t('action.ok')}
        </h1>
      )
    }
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Title />
        </Suspense>
      </I18nProvider>,
    )
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByRole('heading')).toHaveTextContent('Home Ok')
  })
})
