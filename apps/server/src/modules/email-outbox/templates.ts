/**
 * The emails' words live in the locale files (`locales/{en,fa}/email.json`, keys `mail.*`); the layout is here.
 * Plain text and HTML bodies, Persian right to left. Every value put into the HTML is escaped.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, RTL_LANGUAGES } from '@app/contract'

/** A code's mail (verify, reset), or `taken`: someone tried to register an address that already has an owner. */
export type MailKind = 'verify' | 'reset' | 'taken'
export type RenderedMail = { subject: string; text: string; html: string }
export type MailTemplates = {
  /** `code` is empty for a mail without one (`taken`). */
  render(kind: MailKind, language: Language, values: { code: string; minutes: number }): RenderedMail
}

const KEYS = [
  'mail.verify.subject',
  'mail.verify.intro',
  'mail.reset.subject',
  'mail.reset.intro',
  'mail.taken.subject',
  'mail.taken.intro',
  'mail.taken.ignore',
  'mail.expires',
  'mail.ignore',
  'mail.greeting',
] as const
type Key = (typeof KEYS)[number]

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/**
 * Reads the strings on first use, once: a key missing in a language falls back to English; English must have
 * them all. (Lazily, so that an app started on another locales folder without mail, as a test does, still starts.)
 */
export function loadMailTemplates(localesDir: string): MailTemplates {
  let strings: Map<Language, Record<Key, string>> | undefined
  const read = (language: Language): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(join(localesDir, language, 'email.json'), 'utf8')) as Record<
        string,
        string
      >
    } catch {
      return {}
    }
  }
  function load(): Map<Language, Record<Key, string>> {
    const loaded = new Map<Language, Record<Key, string>>()
    const english = read(FALLBACK_LANGUAGE)
    for (const language of LANGUAGES) {
      const own = language === FALLBACK_LANGUAGE ? english : read(language)
      const entry = {} as Record<Key, string>
      for (const key of KEYS) {
        const text = own[key] ?? english[key]
        if (typeof text !== 'string')
          throw new Error(`${FALLBACK_LANGUAGE}/email.json in ${localesDir} lacks ${key}`)
        entry[key] = text
      }
      loaded.set(language, entry)
    }
    return loaded
  }

  return {
    render(kind, language, { code, minutes }) {
      strings ??= load()
      const s = strings.get(language) ?? strings.get(FALLBACK_LANGUAGE)
      if (!s) throw new Error('no email strings')
      const rtl = RTL_LANGUAGES.includes(language)
      const subject = s[`mail.${kind}.subject`]
      const intro = s[`mail.${kind}.intro`]
      const expires = code ? fill(s['mail.expires'], { minutes }) : ''
      const ignore = kind === 'taken' ? s['mail.taken.ignore'] : s['mail.ignore']
      const codeLines = code ? [code, '', expires] : []
      const text = [s['mail.greeting'], '', intro, '', ...codeLines, ignore, ''].join('\n')
      const dir = rtl ? 'rtl' : 'ltr'
      const align = rtl ? 'right' : 'left'
      const html = [
        '<!doctype html>',
        `<html lang="${language}" dir="${dir}">`,
        `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
        `<body style="font-family:Tahoma,Arial,sans-serif;direction:${dir};text-align:${align};color:#222">`,
        `<p>${escapeHtml(s['mail.greeting'])}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        ...(code
          ? [
              // The code is digits: kept left to right inside a right-to-left text.
              `<p dir="ltr" style="font-size:28px;font-weight:bold;letter-spacing:6px;text-align:${align}">${escapeHtml(code)}</p>`,
              `<p>${escapeHtml(expires)}</p>`,
            ]
          : []),
        `<p style="color:#666">${escapeHtml(ignore)}</p>`,
        '</body></html>',
      ].join('\n')
      return { subject, text, html }
    },
  }
}
