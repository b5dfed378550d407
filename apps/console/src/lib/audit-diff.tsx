/**
 * An audit row's change as a person reads it (issue 20): the fields whose value changed, before -> after; what a
 * creation set, or a removal took away; the rest of the state after the change folded away under a count. Nested
 * objects are flattened into dotted paths (`fourEyes.required`). It replaced two columns of raw JSON.
 */
type Fields = Map<string, unknown>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{a: {b: 1}, c: 2}` -> a.b = 1, c = 2; a value that is not an object is one field with no name. */
function flatten(value: unknown, path = '', into: Fields = new Map()): Fields {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, into)
  } else {
    into.set(path, value)
  }
  return into
}

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? '""' : value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

type Line = {
  key: string
  kind: 'changed' | 'added' | 'removed' | 'context'
  before?: unknown
  after?: unknown
}

/** The lines of the change, in the order of the state before, then of the state after. */
function diff(before: unknown, after: unknown): Line[] {
  const was = before === null || before === undefined ? new Map() : flatten(before)
  const now = after === null || after === undefined ? new Map() : flatten(after)
  // A creation's fields are the change itself; after an update, fields the state before did not hold are context.
  const added = was.size === 0 ? 'added' : 'context'
  const lines: Line[] = []
  for (const [key, value] of was) {
    if (!now.has(key)) lines.push({ key, kind: 'removed', before: value })
    else if (!same(value, now.get(key)))
      lines.push({ key, kind: 'changed', before: value, after: now.get(key) })
  }
  for (const [key, value] of now) if (!was.has(key)) lines.push({ key, kind: added, after: value })
  return lines
}

function Row({ line }: { line: Line }) {
  return (
    <div className={`diff-row ${line.kind}`} data-testid={`diff-${line.kind}`}>
      {line.key ? <dt>{line.key}</dt> : null}
      <dd>
        {line.kind === 'changed' ? (
          <>
            <del>{show(line.before)}</del> → <ins>{show(line.after)}</ins>
          </>
        ) : line.kind === 'removed' ? (
          <del>{show(line.before)}</del>
        ) : (
          show(line.after)
        )}
      </dd>
    </div>
  )
}

export function AuditChange({ id, before, after }: { id: string; before: unknown; after: unknown }) {
  const lines = diff(before, after)
  const shown = lines.filter((line) => line.kind !== 'context')
  const context = lines.filter((line) => line.kind === 'context')
  return (
    <div className="diff" data-testid={`audit-change-${id}`}>
      {shown.length === 0 && context.length === 0 ? <span className="muted">no change recorded</span> : null}
      {shown.length > 0 ? (
        <dl>
          {shown.map((line) => (
            <Row key={`${line.kind}:${line.key}`} line={line} />
          ))}
        </dl>
      ) : null}
      {context.length > 0 ? (
        <details>
          <summary>
            {context.length} more {context.length === 1 ? 'field' : 'fields'} after the change
          </summary>
          <dl>
            {context.map((line) => (
              <Row key={line.key} line={line} />
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  )
}
