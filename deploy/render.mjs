// @ts-check
// Renders a deploy/ template: every {{KEY}} is replaced by its value, and a line naming a key whose value is a
// comma-separated list (APP_PORT=8001,8002) is written once per item. A key the template names but not given, or
// given but not named, stops it: a half-rendered config must not reach nginx. docs/deploy.md and the deployment test
// (e2e/tests/deploy.test.ts) both render with this.
//   node deploy/render.mjs <template> <output> KEY=VALUE...
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const PLACEHOLDER = /\{\{([A-Z0-9_]+)\}\}/g

/**
 * @param {string} template
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function render(template, values) {
  const named = new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))
  const missing = [...named].filter((key) => !(key in values))
  const unused = Object.keys(values).filter((key) => !named.has(key))
  if (missing.length > 0) throw new Error(`no value for ${missing.join(', ')}`)
  if (unused.length > 0) throw new Error(`the template names no ${unused.join(', ')}`)
  return template
    .split('\n')
    .flatMap((line) => {
      const keys = [...line.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
      const listKey = keys.find((key) => (values[key] ?? '').includes(','))
      const items = listKey ? (values[listKey] ?? '').split(',').map((item) => item.trim()) : [undefined]
      return items.map((item) =>
        line.replace(PLACEHOLDER, (_, key) => (key === listKey ? (item ?? '') : (values[key] ?? ''))),
      )
    })
    .join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [template, output, ...pairs] = process.argv.slice(2)
  if (!template || !output) {
    process.stderr.write('usage: node deploy/render.mjs <template> <output> KEY=VALUE...\n')
    process.exit(2)
  }
  /** @type {Record<string, string>} */
  const values = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    if (at < 1) {
      process.stderr.write(`not KEY=VALUE: ${pair}\n`)
      process.exit(2)
    }
    values[pair.slice(0, at)] = pair.slice(at + 1)
  }
  try {
    writeFileSync(output, render(readFileSync(template, 'utf8'), values))
  } catch (error) {
    process.stderr.write(`${template}: ${/** @type {Error} */ (error).message}\n`)
    process.exit(1)
  }
}
