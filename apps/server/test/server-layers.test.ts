/**
 * The server's layers, read from its source (docs/architecture.md, 'Server layers'): routes (each module's
 * routes.ts and ops-routes.ts) call services and hold no SQL, no transaction and no rule of a module's own (a route
 * that took a transaction could run a money rule outside the service that owns it); and the audit log is written
 * one way, by the audit module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '../src')

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** What a file imports at run time (type-only imports vanish: a record's type gives no access to SQL). */
const importsOf = (text: string) =>
  [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gms)].map((match) => match[1] ?? '')

/** Every module's routes (`routes.ts`, `ops-routes.ts`), and what is left under routes/. */
const routeFiles = () => [
  ...sourcesUnder(join(src, 'routes')),
  ...sourcesUnder(join(src, 'modules')).filter((file) => /^(ops-)?routes\.ts$/.test(basename(file))),
]

describe('server layers', () => {
  it('routes import no database code and no repository, and take no transaction', () => {
    const found: string[] = []
    const files = routeFiles()
    const names = files.map((file) => relative(src, file))
    expect(names).toContain('modules/accounts/ops-routes.ts')
    expect(names).toContain('modules/transactions/ops-routes.ts')
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const name = relative(src, file)
      for (const specifier of importsOf(text)) {
        if (/(^|\/)db\/|repository\.ts$|\/snapshots\.ts$/.test(specifier))
          found.push(`${name} imports ${specifier}`)
      }
      // A transaction handed to a route: `(tx) =>`, `(s, tx) =>`, `db.transaction(`.
      if (/\btx\b/.test(text)) found.push(`${name} names a transaction (tx)`)
      if (/\.transaction\(/.test(text)) found.push(`${name} opens a transaction`)
    }
    expect(found).toEqual([])
  })

  it('only the audit module writes the audit log', () => {
    const found: string[] = []
    for (const file of sourcesUnder(join(src, 'modules'))) {
      const name = relative(src, file)
      if (name.startsWith('modules/audit/')) continue
      const text = readFileSync(file, 'utf8')
      if (importsOf(text).some((specifier) => specifier.endsWith('audit/repository.ts')))
        found.push(`${name} imports the audit repository`)
      if (/\bauditLog\b/.test(text)) found.push(`${name} names the audit_log table`)
    }
    expect(found).toEqual([])
  })
})
