import { type ChangeEvent, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '#config/constants.ts'
import { latinDigitsOnChange } from '#lib/latin-digits.ts'
import { useTranslation } from '#lib/use-translation.tsx'

/**
 * The search box: its value reaches the URL (`?search=`) 500 ms after the last keystroke, its digits Latin (a
 * Persian keyboard's '۰۰۰۸' searches '0008').
 */
export function AccountsSearch() {
  const { t } = useTranslation('accounts')
  const [params, setParams] = useSearchParams()
  const committed = params.get('search') ?? ''
  const [value, setValue] = useState(committed)

  useEffect(() => {
    if (value === committed) return
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value.trim()) next.set('search', value)
          else next.delete('search')
          return next
        },
        { replace: true },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, committed, setParams])

  return (
    <div className="accounts-search">
      <input
        type="search"
        className="accounts-search__input"
        aria-label={t('accounts.search.label')}
        placeholder={t('accounts.search.placeholder')}
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        inputMode="tel"
        dir="auto"
        data-testid="accounts-search"
        onChange={latinDigitsOnChange((event: ChangeEvent<HTMLInputElement>) =>
          setValue(event.target.value.slice(0, SEARCH_MAX_LENGTH)),
        )}
      />
    </div>
  )
}
