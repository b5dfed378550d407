#!/usr/bin/env node
/**
 * Run after `vite build`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling of every
 * compressible file the server serves from `dist`, so that it sends them encoded without compressing on
 * each request (`apps/server/src/plugins/web-app.ts` picks one by `Accept-Encoding`). Maximum quality costs
 * about a second here, once per build, and saves every phone a few percent over on-the-fly levels.
 * Also imported by `scripts/start.mjs` (is the build complete?) and `size.mjs` (what must arrive encoded).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** Below this, headers and a round trip dominate and the encoded form may not be smaller. */
export const PRECOMPRESS_MIN_BYTES = 512

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.wasm',
])

export const ENCODINGS = /** @type {const} */ ([
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
])

export const webDist = fileURLToPath(new URL('../dist', import.meta.url))

/** True for a file of a compressible type large enough to be worth encoding. */
export function shouldPrecompress(path, size) {
  return size >= PRECOMPRESS_MIN_BYTES && COMPRESSIBLE.has(extname(path).toLowerCase())
}

/** Every file under `dir` the server may send (dot folders such as Vite's `.vite` manifest are not served). */
function* servedFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* servedFiles(path)
    else if (entry.isFile()) yield path
  }
}

/** Files that need encoded siblings, with their size and modification time. */
export function precompressTargets(dist = webDist) {
  const targets = []
  for (const path of servedFiles(dist)) {
    const stats = statSync(path)
    if (shouldPrecompress(path, stats.size)) targets.push({ path, size: stats.size, mtimeMs: stats.mtimeMs })
  }
  return targets
}

/** Targets whose `.br` or `.gz` is missing or older than the file (a `vite build` without this step). */
export function missingPrecompressed(dist = webDist) {
  return precompressTargets(dist).filter((target) =>
    ENCODINGS.some(({ extension }) => {
      try {
        return statSync(target.path + extension).mtimeMs < target.mtimeMs
      } catch {
        return true
      }
    }),
  )
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function encode(content, encoding) {
  if (encoding === 'br') {
    return brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
  }
  return gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })
}

/** Writes the siblings of every target; zlib runs on the thread pool, so the files are encoded in parallel. */
export async function precompress(dist = webDist) {
  const targets = precompressTargets(dist)
  const results = await Promise.all(
    targets.map(async ({ path, size }) => {
      const content = readFileSync(path)
      const encoded = {}
      for (const { name, extension } of ENCODINGS) {
        const bytes = await encode(content, name)
        writeFileSync(path + extension, bytes)
        encoded[name] = bytes.length
      }
      return { file: relative(dist, path), size, ...encoded }
    }),
  )
  return results
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  const results = await precompress()
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0) / 1000
  console.log(
    `precompressed ${results.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${total('size').toFixed(1)} kB -> br ${total('br').toFixed(1)} kB, gzip ${total('gzip').toFixed(1)} kB`,
  )
}
