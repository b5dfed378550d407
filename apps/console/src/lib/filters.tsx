/**
 * A list's filters, kept in the URL (a reload or a shared link shows the same list): `useUrlFilters` reads them,
 * `FilterForm` writes them. A select applies at once; text and dates on Filter (or Enter).
 */
import { useSearchParams } from 'react-router'

export type FilterField = {
  key: string
  label: string
  type?: 'text' | 'date'
  /** A select of these values, with "any" first (the filter unset). */
  options?: readonly string[]
  inputMode?: 'numeric' | 'tel'
}

/** The filters' values from the URL, '' when unset. */
export function useUrlFilters(fields: readonly FilterField[]): Record<string, string> {
  const [params] = useSearchParams()
  return Object.fromEntries(fields.map(({ key }) => [key, params.get(key) ?? '']))
}

export function FilterForm({ fields }: { fields: readonly FilterField[] }) {
  const [params, setParams] = useSearchParams()
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        const next = new URLSearchParams()
        for (const { key } of fields) {
          const value = String(data.get(key) ?? '').trim()
          if (value) next.set(key, value)
        }
        setParams(next)
      }}
    >
      {fields.map((f) =>
        f.options ? (
          <label key={f.key} className="filter">
            {f.label}
            <select
              name={f.key}
              defaultValue={params.get(f.key) ?? ''}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              <option value="">any</option>
              {f.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label key={f.key} className="filter">
            {f.label}
            <input
              name={f.key}
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              defaultValue={params.get(f.key) ?? ''}
            />
          </label>
        ),
      )}
      <button type="submit">Filter</button>
    </form>
  )
}
