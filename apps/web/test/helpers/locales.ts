import type { Resource } from '#lib/i18n.ts'
import { type FakeServer, json } from './fake-server.ts'

/** The real locale files from /locales, bundled synchronously so tests render translated text at once. */
const files = import.meta.glob<Record<string, string>>('../../../../locales/*/*.json', {
  eager: true,
  import: 'default',
})

export const testResources: Resource = {}
for (const [path, translations] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  if (!match?.[1] || !match[2]) continue
  const [, language, namespace] = match
  testResources[language] ??= {}
  testResources[language][namespace] = translations
}

/**
 * Serves the real locale files at GET /locales/{lng}/{ns}.json of a fake server, held back until the returned
 * function is called: a slow line, to see what the app does while its words are on the way.
 */
export function serveLocaleFilesLater(server: FakeServer): () => void {
  const waiting: (() => void)[] = []
  for (const [language, namespaces] of Object.entries(testResources)) {
    for (const [namespace, translations] of Object.entries(namespaces)) {
      server.on(
        'GET',
        `/locales/${language}/${namespace}.json`,
        () => new Promise<Response>((resolve) => waiting.push(() => resolve(json(translations)))),
      )
    }
  }
  return () => {
    for (const release of waiting.splice(0)) release()
  }
}
