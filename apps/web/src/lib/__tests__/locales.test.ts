import { describe, expect, it } from 'vitest'
import { testResources } from '../../testing/locales.ts'

describe('locale files', () => {
  it('Persian has every key English has, in every namespace', () => {
    const english = testResources.en ?? {}
    for (const [namespace, translations] of Object.entries(english)) {
      const persian = (testResources.fa?.[namespace] ?? {}) as Record<string, string>
      const missing = Object.keys(translations as Record<string, string>).filter((key) => !persian[key])
      expect(missing, `fa/${namespace}.json`).toEqual([])
    }
  })

  it('covers every namespace the contract declares', async () => {
    const { NAMESPACES } = await import('@app/contract')
    for (const language of ['en', 'fa']) {
      expect(Object.keys(testResources[language] ?? {}).sort()).toEqual([...NAMESPACES].sort())
    }
  })
})
