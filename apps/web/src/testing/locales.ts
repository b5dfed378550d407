import type { Resource } from 'i18next'

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
