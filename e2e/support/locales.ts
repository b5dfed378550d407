/** What a screen must say: a text of the locale files (locales/<language>/<namespace>.json), values filled in. */
import { readFileSync } from 'node:fs'

const files = new Map<string, Record<string, string>>()

export function localeText(
  language: 'en' | 'fa',
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const name = `${language}/${namespace}`
  let texts = files.get(name)
  if (!texts) {
    const file = new URL(`../../locales/${name}.json`, import.meta.url)
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    files.set(name, texts)
  }
  const found = texts[key]
  if (found === undefined) throw new Error(`no ${key} in ${name}`)
  return found.replace(/\{\{(\w+)\}\}/g, (whole, value: string) => String(values[value] ?? whole))
}
