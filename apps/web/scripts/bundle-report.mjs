#!/usr/bin/env node
/**
 * What the first screen is made of, per npm package and our own code: minified bytes and gzip bytes.
 *
 * Builds the app in memory (the project's own vite.config.ts, plus hidden source maps: the emitted code is the
 * same bytes as `vite build` writes), then walks each first-screen chunk's source map and gives every byte of
 * the minified output to the module it came from. Bytes no source claims (the bundler's glue between modules)
 * are listed as '(bundler glue)'.
 *
 * gzip per package is its marginal cost: how much smaller the gzipped chunks get when that package's bytes
 * are cut out of them. Compression shares context across packages, so these figures do not add up exactly to
 * the real total, which is printed beside their sum.
 *
 * First screen = the entry chunk and every chunk it imports statically, with their CSS (the same rule as
 * scripts/size.mjs).
 */
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = resolve(appRoot, '..', '..')

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]))

/** One line of a source map's `mappings`: [generatedColumn, sourceIndex | -1] per segment, in order. */
function decodeLine(line, state) {
  const segments = []
  let column = 0
  let position = 0
  while (position < line.length) {
    const fields = []
    while (position < line.length && line[position] !== ',') {
      let value = 0
      let shift = 0
      let digit
      do {
        digit = BASE64_VALUE.get(line[position++])
        if (digit === undefined) throw new Error('bad source map mapping')
        value += (digit & 31) << shift
        shift += 5
      } while (digit & 32)
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
    }
    position++ // the comma
    column += fields[0] ?? 0
    if (fields.length >= 4) {
      state.source += fields[1]
      segments.push([column, state.source])
    } else {
      segments.push([column, -1])
    }
    // Fields 2 and 3 (original line and column) and 4 (name) carry state we do not need here.
  }
  return segments
}

/** Minified bytes of `code` by source index (-1: no source), as [start, end, source] ranges. */
function attribute(code, map) {
  const lines = code.split('\n')
  const mappingLines = map.mappings.split(';')
  const state = { source: 0 }
  const ranges = []
  let offset = 0
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const text = lines[lineIndex] ?? ''
    const lineBytes = Buffer.byteLength(text)
    const segments = decodeLine(mappingLines[lineIndex] ?? '', state)
    // Columns in source maps count UTF-16 units; convert through the line's text to byte offsets.
    const byteAt = (column) => Buffer.byteLength(text.slice(0, column))
    let cursor = 0
    for (let i = 0; i < segments.length; i++) {
      const [column, source] = segments[i]
      const start = byteAt(column)
      const end = i + 1 < segments.length ? byteAt(segments[i + 1][0]) : lineBytes
      if (start > cursor) ranges.push([offset + cursor, offset + start, -1])
      if (end > start) ranges.push([offset + start, offset + end, source])
      cursor = Math.max(cursor, end)
    }
    if (cursor < lineBytes) ranges.push([offset + cursor, offset + lineBytes, -1])
    offset += lineBytes + 1 // the newline belongs to no one
  }
  return ranges
}

/** '@tma.js/bridge', 'react-dom', '@app/contract', '(our code)'... from a source path. */
function ownerOf(sourcePath) {
  if (!sourcePath) return '(bundler glue)'
  const normalized = sourcePath.replaceAll('\\', '/')
  const marker = normalized.lastIndexOf('node_modules/')
  if (marker >= 0) {
    const parts = normalized.slice(marker + 'node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '(unknown)')
  }
  const fromRepo = relative(repoRoot, normalized)
  if (fromRepo.startsWith('packages/contract/')) return '@app/contract'
  if (fromRepo.startsWith('apps/web/src/')) return '(our code: apps/web/src)'
  return `(other: ${fromRepo})`
}

async function buildInMemory() {
  const result = await build({
    root: appRoot,
    logLevel: 'silent',
    build: { write: false, sourcemap: 'hidden' },
  })
  const outputs = Array.isArray(result) ? result : [result]
  return outputs.flatMap((output) => output.output)
}

function firstScreenOf(items) {
  const byName = new Map(items.map((item) => [item.fileName, item]))
  const files = new Set()
  const visit = (name) => {
    if (files.has(name)) return
    const item = byName.get(name)
    if (!item) return
    files.add(name)
    if (item.type !== 'chunk') return
    for (const css of item.viteMetadata?.importedCss ?? []) files.add(css)
    for (const imported of item.imports) visit(imported)
  }
  for (const item of items) if (item.type === 'chunk' && item.isEntry) visit(item.fileName)
  return [...files].map((name) => byName.get(name)).filter(Boolean)
}

const gzipSize = (buffer) => gzipSync(buffer, { level: 6 }).length

const items = await buildInMemory()
const firstScreen = firstScreenOf(items)

/** module path -> minified bytes (printed with --modules) */
const modules = new Map()
/** owner -> { minified, gzip, chunks } */
const owners = new Map()
const add = (owner, field, bytes, chunk) => {
  const entry = owners.get(owner) ?? { minified: 0, gzip: 0, chunks: new Set() }
  entry[field] += bytes
  if (chunk) entry.chunks.add(chunk)
  owners.set(owner, entry)
}

const chunkRows = []
for (const item of firstScreen) {
  const content = Buffer.from(item.type === 'chunk' ? item.code : item.source)
  const gzip = gzipSize(content)
  chunkRows.push({ file: item.fileName, minified: content.length, gzip })
  if (item.type !== 'chunk') {
    add('(CSS)', 'minified', content.length, item.fileName)
    add('(CSS)', 'gzip', gzip, item.fileName)
    continue
  }
  if (!item.map) {
    // The bundler's runtime chunk has no sources of ours.
    add('(bundler glue)', 'minified', content.length, item.fileName)
    add('(bundler glue)', 'gzip', gzip, item.fileName)
    continue
  }
  const mapDir = dirname(join(appRoot, 'dist', item.fileName))
  const sourceOwners = item.map.sources.map((source) => ownerOf(source && resolve(mapDir, source)))
  const ranges = attribute(item.code, item.map)
  const byOwner = new Map()
  for (const [start, end, source] of ranges) {
    const owner = source >= 0 ? (sourceOwners[source] ?? '(unknown)') : '(bundler glue)'
    if (source >= 0) {
      const path = relative(repoRoot, resolve(mapDir, item.map.sources[source] ?? ''))
      modules.set(path, (modules.get(path) ?? 0) + end - start)
    }
    const list = byOwner.get(owner) ?? []
    list.push([start, end])
    byOwner.set(owner, list)
  }
  for (const [owner, list] of byOwner) {
    const bytes = list.reduce((sum, [start, end]) => sum + end - start, 0)
    add(owner, 'minified', bytes, item.fileName)
    // Marginal gzip: the chunk without this owner's bytes.
    const kept = []
    let cursor = 0
    for (const [start, end] of list.sort((a, b) => a[0] - b[0])) {
      kept.push(content.subarray(cursor, start))
      cursor = end
    }
    kept.push(content.subarray(cursor))
    add(owner, 'gzip', gzip - gzipSize(Buffer.concat(kept)), item.fileName)
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(2)
const pad = (value, width) => String(value).padStart(width)
const rows = [...owners].sort((a, b) => b[1].minified - a[1].minified)
const totalMinified = chunkRows.reduce((sum, row) => sum + row.minified, 0)
const totalGzip = chunkRows.reduce((sum, row) => sum + row.gzip, 0)

console.log('First screen by package (kB = 1000 bytes; gzip = what the gzipped chunks lose without it)')
console.log(`${'package'.padEnd(34)} ${pad('min kB', 8)} ${pad('min %', 6)} ${pad('gzip kB', 8)}  chunks`)
for (const [owner, { minified, gzip, chunks }] of rows) {
  const share = ((minified / totalMinified) * 100).toFixed(1)
  const chunkNames = [...chunks].map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\./, '.'))
  console.log(
    `${owner.padEnd(34)} ${pad(kb(minified), 8)} ${pad(share, 6)} ${pad(kb(gzip), 8)}  ${chunkNames.join(', ')}`,
  )
}
const marginalSum = rows.reduce((sum, [, { gzip }]) => sum + gzip, 0)
console.log(
  `${'first screen'.padEnd(34)} ${pad(kb(totalMinified), 8)} ${pad('100', 6)} ${pad(kb(totalGzip), 8)}  ${chunkRows.length} files (marginal gzip figures add up to ${kb(marginalSum)})`,
)

if (process.argv.includes('--modules')) {
  console.log('\nFirst screen by module (minified kB)')
  for (const [path, bytes] of [...modules].sort((a, b) => b[1] - a[1])) {
    console.log(`${pad(kb(bytes), 8)}  ${path}`)
  }
}
