#!/usr/bin/env node
/**
 * Bundle budget, run after the web build (it starts the real server, whose TypeScript Node runs itself). A table of every chunk, then the first screen (platform gate, 'Authorizing', home): the
 * document (index.html), the entry chunk, everything it imports statically, their CSS, plus the lazy chunks of those screens should
 * they ever become lazy. Two figures per file, and both count against one budget:
 *  - gzip: the file gzipped here (level 6), what the bundle weighs whatever serves it;
 *  - wire: the bytes the real server sends (apps/server/dev/server.ts on a free port, fresh PGlite folder)
 *    to a request carrying the Accept-Encoding Chrome sends, counted before decoding.
 * Fails above the budget, and when a first-screen file (or the document) arrives unencoded although it is
 * large enough to be precompressed at build time.
 */
import { existsSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import { startServer } from '../../../e2e/support/server.ts'
import { webDist as dist, PRECOMPRESS_MIN_BYTES } from './precompress.mjs'

/** The first screen's budget; React DOM alone is most of it (docs/measurements/delivery.md). */
const BUDGET_GZIP_KB = 125
const BUDGET_WIRE_KB = 110
/** index.html paints the skeleton and its words before any code: one round trip (a TCP initial window, 10 x 1460 B). */
const DOCUMENT_BUDGET_WIRE_KB = 14
const FIRST_SCREEN_SOURCES = [/src\/app\/routes\/dashboard\.tsx$/, /src\/app\/routes\/telegram-auth\.tsx$/]
/** What Chrome (and Telegram's Android webview) sends on every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
const BROWSER_ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w apps/web\` first (build.manifest must be true).`)
  process.exit(2)
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const kb = (bytes) => bytes / 1000

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

/** GET without decoding: the status, headers and body exactly as they came over the socket. */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const DECODERS = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }

/** Fetches one path as a browser would and checks that the body decodes to `expected`. */
async function fetchWire(baseUrl, path, expected, accept) {
  const response = await getRaw(`${baseUrl}${path}`, {
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
    ...(accept ? { accept } : {}),
  })
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`)
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
  const decode = encoding === 'identity' ? (body) => body : DECODERS[encoding]
  if (!decode) throw new Error(`GET ${path}: unexpected Content-Encoding ${encoding}`)
  if (!decode(response.body).equals(expected)) {
    throw new Error(`GET ${path}: the ${encoding} body does not decode to the built file`)
  }
  return { wire: response.body.length, encoding }
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

const server = await startServer({
  WEB_DIST_DIR: dist,
  DEMO_DATA: 'false',
  SIMULATOR: 'false',
  VALIDATION_POLL_MS: '0',
})
let rows
let document
try {
  rows = await Promise.all(
    [...allFiles].map(async (file) => {
      const content = readFileSync(join(dist, file))
      const { wire, encoding } = await fetchWire(server.url, `/${file}`, content)
      return { file, raw: content.length, gzip: gzipSync(content).length, wire, encoding }
    }),
  )
  const index = readFileSync(join(dist, 'index.html'))
  document = {
    file: 'index.html (/)',
    raw: index.length,
    gzip: gzipSync(index).length,
    ...(await fetchWire(server.url, '/', index, BROWSER_ACCEPT_HTML)),
  }
} finally {
  await server.stop()
}
rows = rows.map((row) => ({ ...row, first: firstScreen.has(row.file) })).sort((a, b) => b.gzip - a.gzip)

const pad = (value, width) => String(value).padStart(width)
const line = (name, raw, gzip, wire, encoding, first) =>
  `${name.padEnd(52)} ${pad(raw, 9)} ${pad(gzip, 9)} ${pad(wire, 9)}  ${encoding.padEnd(8)} ${first}`
console.log(line('chunk', 'raw kB', 'gzip kB', 'wire kB', 'encoding', 'first screen'))
for (const row of rows) {
  const figures = [row.raw, row.gzip, row.wire].map((bytes) => kb(bytes).toFixed(2))
  console.log(line(row.file, ...figures, row.encoding, row.first ? 'yes' : ''))
}
console.log(
  line(
    '/ (index.html, a navigation)',
    kb(document.raw).toFixed(2),
    kb(document.gzip).toFixed(2),
    kb(document.wire).toFixed(2),
    document.encoding,
    'yes',
  ),
)

// The document is the first thing on the wire (with its inlined CSS, skeleton and loader): it counts too.
const first = [...rows.filter((row) => row.first), document]
const total = (list, key) => list.reduce((sum, row) => sum + row[key], 0)
const js = first.filter((row) => row.file.endsWith('.js'))
const css = first.filter((row) => row.file.endsWith('.css'))
const figures = (list) =>
  `${kb(total(list, 'raw')).toFixed(2)} kB raw, ${kb(total(list, 'gzip')).toFixed(2)} kB gzip, ` +
  `${kb(total(list, 'wire')).toFixed(2)} kB on the wire`
const firstGzip = kb(total(first, 'gzip'))
const firstWire = kb(total(first, 'wire'))
console.log('')
console.log(
  `First screen: ${first.length} files (wire: as the server sends them for Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
)
console.log(`  JS  ${figures(js)}`)
console.log(`  CSS ${figures(css)}`)
console.log(`  HTML ${figures([document])} (budget ${DOCUMENT_BUDGET_WIRE_KB} on the wire)`)
console.log(
  `  Total ${firstGzip.toFixed(2)} kB gzip (budget ${BUDGET_GZIP_KB}), ${firstWire.toFixed(2)} kB on the wire (budget ${BUDGET_WIRE_KB})`,
)
console.log(
  `All chunks: ${kb(total(rows, 'gzip')).toFixed(2)} kB gzip, ${kb(total(rows, 'wire')).toFixed(2)} kB on the wire`,
)

const failures = []
for (const row of first) {
  if (row.encoding === 'identity' && row.raw >= PRECOMPRESS_MIN_BYTES) {
    failures.push(`${row.file} (${kb(row.raw).toFixed(2)} kB) was sent uncompressed.`)
  }
}
if (firstGzip > BUDGET_GZIP_KB)
  failures.push(`First screen is ${(firstGzip - BUDGET_GZIP_KB).toFixed(2)} kB gzip over budget.`)
if (firstWire > BUDGET_WIRE_KB)
  failures.push(`First screen is ${(firstWire - BUDGET_WIRE_KB).toFixed(2)} kB over budget on the wire.`)
const documentWire = kb(document.wire)
if (documentWire > DOCUMENT_BUDGET_WIRE_KB)
  failures.push(
    `index.html is ${(documentWire - DOCUMENT_BUDGET_WIRE_KB).toFixed(2)} kB over budget on the wire.`,
  )
if (failures.length > 0) {
  console.error('')
  for (const failure of failures) console.error(failure)
  process.exit(1)
}
