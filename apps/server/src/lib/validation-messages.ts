/**
 * The contract's validation messages are i18n keys ('validation.phoneRequired'); 400 answers carry
 * their English text, read once from the English `common` namespace.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'

/**
 * zod's own messages for issues without one of ours ('Invalid input: expected string, received
 * undefined'). zod/mini loads no locale (the mini-app never shows these), so the server sets English once.
 */
export function useEnglishZodMessages(): void {
  if (!z.config().localeError) z.config(en())
}

export type MessageResolver = (keyOrText: string) => string

export function loadEnglishMessages(localesDir: string): MessageResolver {
  useEnglishZodMessages()
  let messages: Record<string, unknown> = {}
  try {
    messages = JSON.parse(readFileSync(join(localesDir, 'en', 'common.json'), 'utf8')) as Record<
      string,
      unknown
    >
  } catch {
    // Without the file, keys are answered as they are: still readable, never a crash.
  }
  return (keyOrText) => {
    const text = messages[keyOrText]
    return typeof text === 'string' ? text : keyOrText
  }
}
