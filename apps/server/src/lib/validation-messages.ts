/**
 * The contract's validation messages are i18n keys ('validation.phoneRequired'); 400 answers carry
 * their English text, read once from the English `common` namespace.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type MessageResolver = (keyOrText: string) => string

export function loadEnglishMessages(localesDir: string): MessageResolver {
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
