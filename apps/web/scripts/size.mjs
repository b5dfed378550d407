#!/usr/bin/env node
/**
 * Bundle budget, run after `vite build`: a table of every chunk (raw and gzip), then the first screen
 * (platform gate, 'Authorizing', home): the entry chunk, everything it imports statically, their CSS,
 * plus the lazy chunks of those screens should they ever become lazy. Fails above 150 kB gzip.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const FIRST_SCREEN_SOURCES = [/src\/app\/routes\/dashboard\.tsx$/, /src\/app\/routes\/telegram-auth\.tsx$/]

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`vite build\` first (build.manifest must be true).`)
  process.exit(2)
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const kb = (bytes) => bytes / 1000
const sizeOf = (file) => {
  const content = readFileSync(join(dist, file))
  return { raw: content.length, gzip: gzipSync(content).length }
}

/** Files (JS and CSS) a chunk needs before it can run: itself, its static imports, their CSS. */
function closure(keys) {
  const files = new Set()
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry)
const lazyFirstScreenKeys = Object.keys(manifest).filter((key) =>
  FIRST_SCREEN_SOURCES.some((pattern) => pattern.test(manifest[key].src ?? key)),
)
const firstScreen = closure([...entryKeys, ...lazyFirstScreenKeys])

const allFiles = new Set()
for (const chunk of Object.values(manifest)) {
  allFiles.add(chunk.file)
  for (const css of chunk.css ?? []) allFiles.add(css)
}

const rows = [...allFiles]
  .map((file) => ({ file, ...sizeOf(file), first: firstScreen.has(file) }))
  .sort((a, b) => b.gzip - a.gzip)

const pad = (value, width) => String(value).padStart(width)
console.log(`${'chunk'.padEnd(52)} ${pad('raw kB', 9)} ${pad('gzip kB', 9)}  first screen`)
for (const row of rows) {
  console.log(
    `${row.file.padEnd(52)} ${pad(kb(row.raw).toFixed(2), 9)} ${pad(kb(row.gzip).toFixed(2), 9)}  ${row.first ? 'yes' : ''}`,
  )
}

const first = rows.filter((row) => row.first)
const total = (list, key) => list.reduce((sum, row) => sum + row[key], 0)
const js = first.filter((row) => row.file.endsWith('.js'))
const css = first.filter((row) => row.file.endsWith('.css'))
console.log('')
console.log(`First screen: ${first.length} files`)
console.log(`  JS  ${kb(total(js, 'raw')).toFixed(2)} kB raw, ${kb(total(js, 'gzip')).toFixed(2)} kB gzip`)
console.log(`  CSS ${kb(total(css, 'raw')).toFixed(2)} kB raw, ${kb(total(css, 'gzip')).toFixed(2)} kB gzip`)
const firstGzip = kb(total(first, 'gzip'))
console.log(`  Total ${firstGzip.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`)
console.log(`All chunks: ${kb(total(rows, 'gzip')).toFixed(2)} kB gzip`)

if (firstGzip > BUDGET_KB) {
  console.error(`\nFirst screen is ${(firstGzip - BUDGET_KB).toFixed(2)} kB gzip over budget.`)
  process.exit(1)
}
