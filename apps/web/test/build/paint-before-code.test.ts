import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paintBeforeCode, skeletonWords } from '#scripts/paint-before-code.ts'

/** index.html as Vite writes it: the entry, its modulepreloads and its CSS in the head. */
const BUILT = `<!doctype html>
<html>
  <head>
    <link rel="preload" as="fetch" href="/locales/en/common.json" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/libraries-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

function transform(html: string): string {
  const files: Record<string, string> = { 'assets/index-ghi.css': '.page { color: red; }\n' }
  return paintBeforeCode(html, (path) => files[path])
}

/** What the loader adds to the head, kept out of the page (happy-dom would try to load it). */
function recordHead(): Node[] {
  const added: Node[] = []
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    added.push(...nodes.filter((node): node is Node => typeof node !== 'string'))
  })
  return added
}

afterEach(() => {
  vi.useRealTimers()
})

describe('paint before code (the built index.html)', () => {
  it('carries the CSS inline and no tag that asks for the code', () => {
    const html = transform(BUILT)

    expect(html).toContain('<style>.page { color: red; }</style>')
    expect(html).not.toMatch(
      /<link rel="stylesheet"|<script type="module"|<link rel="modulepreload"|as="fetch"/,
    )
  })

  it('asks for the code, its modulepreloads and the preloaded files once the first frame is painted', () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const loader = /<script>((?:(?!<script>)[\s\S])*?)<\/script>\s*<\/body>/.exec(transform(BUILT))?.[1] ?? ''
    const added = recordHead()
    const asked = () =>
      added.map((element) =>
        element instanceof HTMLScriptElement
          ? `script ${element.type} ${new URL(element.src).pathname}`
          : `link ${(element as HTMLLinkElement).rel} ${new URL((element as HTMLLinkElement).href).pathname}`,
      )

    new Function(loader)()
    expect(asked()).toEqual([])
    for (const frame of frames) frame(0)
    expect(asked()).toEqual([])
    vi.advanceTimersByTime(0)

    expect(asked()).toEqual([
      'link preload /locales/en/common.json',
      'link modulepreload /assets/libraries-def.js',
      'script module /assets/index-abc.js',
    ])
    vi.advanceTimersByTime(200)
    expect(asked()).toHaveLength(3)
  })

  it("waits for home's skeleton on screen when it shows (index.html's first frame), not for any frame", () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const painted: (() => void)[] = []
    Object.assign(window, { __afterPaint: (run: () => void) => painted.push(run) })
    const skeleton = Object.assign(document.createElement('div'), { id: 'boot-home' })
    document.body.append(skeleton)
    const loader = /<script>((?:(?!<script>)[\s\S])*?)<\/script>\s*<\/body>/.exec(transform(BUILT))?.[1] ?? ''
    const added = recordHead()

    try {
      new Function(loader)()
      for (const frame of frames) frame(0)
      vi.advanceTimersByTime(1000)
      expect(added).toEqual([])
      for (const run of painted) run()
      expect(added).toHaveLength(3)
    } finally {
      skeleton.remove()
      delete (window as { __afterPaint?: unknown }).__afterPaint
    }
  })

  it('asks anyway when no frame comes (a hidden page)', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', () => 0)
    const loader = /<script>((?:(?!<script>)[\s\S])*?)<\/script>\s*<\/body>/.exec(transform(BUILT))?.[1] ?? ''

    const added = recordHead()

    new Function(loader)()
    vi.advanceTimersByTime(100)

    expect(added.some((node) => node instanceof HTMLScriptElement && node.type === 'module')).toBe(true)
  })

  it("writes the skeleton's words in every language, English where one lacks a word", () => {
    const locales = mkdtempSync(join(tmpdir(), 'locales-'))
    for (const [language, words] of Object.entries({
      en: { 'dashboard.news': 'News', 'dashboard.orders': 'Orders', 'dashboard.other': 'Other' },
      fa: { 'dashboard.news': 'اخبار' },
    })) {
      mkdirSync(join(locales, language))
      writeFileSync(join(locales, language, 'dashboard.json'), JSON.stringify(words))
    }
    const html = '<span data-word="dashboard.news"></span><span data-word="dashboard.orders"></span>'

    expect(skeletonWords(html, locales)).toEqual({
      en: { 'dashboard.news': 'News', 'dashboard.orders': 'Orders' },
      fa: { 'dashboard.news': 'اخبار', 'dashboard.orders': 'Orders' },
    })
    expect(transform(BUILT)).toMatch(
      /<script>window.__bootWords = \{"en":\{\},"fa":\{\}\}<\/script>\s*<\/head>/,
    )
  })
})
