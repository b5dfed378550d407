/**
 * Node runs the server's, the ops CLI's and the contract's TypeScript itself, stripping the types (no compiler at run
 * time): every file they may load, including the ones only imported lazily, must be erasable syntax only (no
 * enums, parameter properties, namespaces with values or `import =`). tsconfig's erasableSyntaxOnly says the same
 * to the type-check; this asks Node's own stripper, the one `npm start` runs.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { stripTypeScriptTypes } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const RUNTIME_FOLDERS = ['apps/server/src', 'apps/server/dev', 'apps/ops-cli/src', 'packages/contract/src']

function typeScriptFiles(folder: string): string[] {
  return readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(REPO_ROOT, folder, file))
}

describe('type stripping', () => {
  it('Node strips every run-time TypeScript file of the server, the ops CLI and the contract', () => {
    const files = RUNTIME_FOLDERS.flatMap(typeScriptFiles)
    expect(files.length).toBeGreaterThan(100)
    const refused: string[] = []
    for (const file of files) {
      try {
        stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' })
      } catch (error) {
        refused.push(`${relative(REPO_ROOT, file)}: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    expect(refused).toEqual([])
  })
})
