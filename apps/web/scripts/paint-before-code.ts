import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// A string, not a URL object: the web tests run under happy-dom, whose URL Node's fileURLToPath refuses.
const HERE = dirname(fileURLToPath(import.meta.url))
const LOCALES = join(HERE, '../../../locales')
const DIST = join(HERE, '../dist')

/**
 * The words the home skeleton names (`data-word="dashboard.withdraw"`), in every language, from the same locale
 * files the app reads (the `dashboard` namespace; English where a language lacks one, as the app falls back).
 */
export function skeletonWords(html: string, locales = LOCALES): Record<string, Record<string, string>> {
  const keys = [...new Set([...html.matchAll(/data-word="([^"]+)"/g)].map(([, key = '']) => key))]
  const read = (language: string): Record<string, unknown> => {
    const file = join(locales, language, 'dashboard.json')
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}
  }
  const english = read('en')
  return Object.fromEntries(
    readdirSync(locales, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => {
        const own = read(name)
        const words = keys.flatMap((key) => {
          const word = own[key] ?? english[key]
          return typeof word === 'string' ? [[key, word] as const] : []
        })
        return [name, Object.fromEntries(words)]
      }),
  )
}

/**
 * The built index.html paints before it asks for the code (docs/web.md, 'Paint, then the code'): the entry's CSS
 * comes inline, so the home skeleton needs nothing but the document to be drawn, and the entry script, its
 * modulepreloads and the preloaded locale files are asked for by a few inline lines once that first frame is
 * painted (a timer too, for a page that never paints: hidden, prerendered). The code then starts one frame
 * later than the preload scanner would have started it; the skeleton shows a round trip earlier (its CSS
 * no longer follows the document). The CSS file is still written: the size check counts it, as its bytes now
 * travel in the document. It also writes home's words in every language into the page, for the skeleton
 * (`window.__bootWords`, read from the locale files). Run by `npm run build` after `vite build` (before the
 * precompression); the dev server serves index.html as it is. `readAsset`: a built file's text by its path.
 */
export function paintBeforeCode(html: string, readAsset: (path: string) => string | undefined): string {
  const sources: { entry?: string; modules: string[]; fetches: string[] } = { modules: [], fetches: [] }
  let page = html
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\n?/g, (tag, file: string) => {
      const css = readAsset(file)
      return css === undefined ? tag : `<style>${css.trim()}</style>\n`
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\n?/, (_, src: string) => {
      sources.entry = src
      return ''
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_, href: string) => {
      sources.modules.push(href)
      return ''
    })
    .replace(
      /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="anonymous" \/>\n?/g,
      (_, href: string) => {
        sources.fetches.push(href)
        return ''
      },
    )
  if (!sources.entry) throw new Error('paint-before-code: the built index.html has no entry script')
  const loader = `<script>
      ;(() => {
        let started = false
        const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes))
        const start = () => {
          if (started) return
          started = true
          for (const href of ${JSON.stringify(sources.fetches)}) {
            add('link', { rel: 'preload', as: 'fetch', href, crossOrigin: 'anonymous' })
          }
          for (const href of ${JSON.stringify(sources.modules)}) add('link', { rel: 'modulepreload', href, crossOrigin: '' })
          add('script', { type: 'module', src: ${JSON.stringify(sources.entry)}, crossOrigin: '' })
        }
        // Home's skeleton on screen: after its first frame (index.html). Otherwise after the first frame the browser draws.
        if (window.__afterPaint && !document.getElementById('boot-home')?.hidden) window.__afterPaint(start)
        else {
          requestAnimationFrame(() => setTimeout(start))
          setTimeout(start, 100)
        }
      })()
    </script>
  `
  // `<` escaped: a word can never close the script.
  const words = JSON.stringify(skeletonWords(page)).replaceAll('<', '\\u003c')
  page = page
    .replace('</head>', `  <script>window.__bootWords = ${words}</script>\n  </head>`)
    .replace('</body>', `${loader}</body>`)
  return page
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const index = join(DIST, 'index.html')
  const read = (path: string) => {
    const file = join(DIST, path)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }
  writeFileSync(index, paintBeforeCode(readFileSync(index, 'utf8'), read))
  console.log("index.html: CSS inline, the code asked for after the first paint, the skeleton's words")
}
