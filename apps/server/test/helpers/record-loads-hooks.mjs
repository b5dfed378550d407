// Module hooks of record-loads.mjs (they run on Node's loader thread).
import { appendFileSync } from 'node:fs'

let file = ''

/** @param {{ file: string }} data */
export function initialize(data) {
  file = data.file
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, next) {
  if (url.includes('/apps/server/')) appendFileSync(file, `${url}\n`)
  return next(url, context)
}
