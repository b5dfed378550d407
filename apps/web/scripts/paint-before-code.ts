import type { Plugin } from 'vite'

/**
 * The built index.html paints before it asks for the code (docs/web.md, 'Paint, then the code'): the entry's CSS
 * comes inline, so the home skeleton needs nothing but the document to be drawn, and the entry script, its
 * modulepreloads and the preloaded locale files are asked for by a few inline lines once that first frame is
 * painted (a timer too, for a page that never paints: hidden, prerendered). The code then starts one frame
 * later than the preload scanner would have started it; the skeleton shows a round trip earlier (its CSS
 * no longer follows the document). The CSS file is still written: the size check counts it, as its bytes now
 * travel in the document. Build only: the dev server serves index.html as it is.
 */
export function paintBeforeCode(): Plugin {
  return {
    name: 'paint-before-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const sources: { entry?: string; modules: string[]; fetches: string[] } = { modules: [], fetches: [] }
        let page = html
          .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\n?/g, (tag, file: string) => {
            const asset = bundle[file]
            if (asset?.type !== 'asset') return tag
            return `<style>${String(asset.source).trim()}</style>\n`
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
        requestAnimationFrame(() => setTimeout(start))
        setTimeout(start, 100)
      })()
    </script>
  `
        page = page.replace('</body>', `${loader}</body>`)
        return page
      },
    },
  }
}
