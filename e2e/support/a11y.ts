/**
 * What the screen tour checks on a screen besides its picture (docs/web.md, 'Contrast and accessibility' and
 * 'Keyboard focus'): axe-core's findings, the contrast of one element as axe computes it (disabled controls
 * included, which axe's own rule skips), and a keyboard pass (focus order and a visible focus ring). `settle`
 * replaces fixed waits: a screen is ready when the page has no request in flight and no finite animation running.
 */
import { createRequire } from 'node:module'
import type { Locator, Page, Request } from 'playwright-core'

/**
 * axe-core as @axe-core/playwright ships it (its own copy, 4.14). Injected once per document and run there: the
 * builder injects it again on every analysis and finishes each run in a new blank page (about three times as long
 * a screen), and only violations are collected in full (`resultTypes`).
 */
const require = createRequire(import.meta.url)
const axeSource = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string })
  .source

type AxeViolation = {
  id: string
  impact?: string | null
  nodes: { target: string[]; any: { message: string }[]; failureSummary?: string }[]
}

/** axe-core's serious and critical findings (WCAG 2.1 A and AA), one line each: the rule and where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> }
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return results.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`,
      ),
    )
}

/** Per tracked page: each request in flight, and when its answer's headers came (undefined: not yet). */
const inFlight = new WeakMap<Page, Map<Request, number | undefined>>()

/**
 * A request answered this long ago counts as done even without its `requestfinished`: on a loaded machine that
 * event sometimes never came for locale files the app had already read and drawn (a red CI run, 15 s waited).
 */
const ANSWERED_MS = 1_000

/** Counts the page's requests from now on, for `settle`. */
export function trackRequests(page: Page): void {
  const open = new Map<Request, number | undefined>()
  page.on('request', (request) => open.set(request, undefined))
  page.on('response', (response) => {
    if (open.has(response.request())) open.set(response.request(), Date.now())
  })
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
  inFlight.set(page, open)
}

/** The tracked page's requests still waiting: unanswered, or answered within ANSWERED_MS. */
function waiting(page: Page): Request[] {
  const now = Date.now()
  return [...(inFlight.get(page) ?? [])]
    .filter(([, answeredAt]) => answeredAt === undefined || now - answeredAt < ANSWERED_MS)
    .map(([request]) => request)
}

/**
 * Waits until the page has had no request in flight (tracked pages only) and no finite animation running (a list's
 * or dialog's fade-in; spinners and skeletons loop for ever and wait on a request anyway) for `quietMs`.
 */
export async function settle(page: Page, quietMs = 120): Promise<void> {
  const deadline = Date.now() + 15_000
  let quietSince = Date.now()
  for (;;) {
    const animating = await page.evaluate(() =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        ),
    )
    const now = Date.now()
    const open = waiting(page)
    if (animating || open.length > 0) quietSince = now
    else if (now - quietSince >= quietMs) return
    if (now > deadline) {
      const pending = open.map((request) => request.url())
      throw new Error(`the screen did not settle: ${animating ? 'animating; ' : ''}${pending.join(', ')}`)
    }
    await page.waitForTimeout(30)
  }
}

export type Contrast = { ratio: number; required: number; foreground: string; background: string }

/**
 * The contrast of an element's text as axe-core computes it (opacity and what lies behind included), and the ratio
 * axe requires for its size and weight. axe's own rule leaves disabled controls out; this measures them anyway.
 * Runs after `seriousViolations` on the same page (axe is injected by then).
 */
export async function textContrast(locator: Locator): Promise<Contrast> {
  return locator.evaluate((element) => {
    type Color = { toHexString: () => string }
    const axe = (
      window as unknown as {
        axe: {
          setup: (root: Document) => void
          teardown: () => void
          commons: {
            color: {
              getBackgroundColor: (node: Element, nodes: Element[]) => Color | null
              getForegroundColor: (node: Element, noScroll: boolean, bg: Color | null) => Color | null
              hasValidContrastRatio: (
                bg: Color,
                fg: Color,
                fontSizePt: number,
                bold: boolean,
              ) => { contrastRatio: number; expectedContrastRatio: number }
            }
          }
        }
      }
    ).axe
    axe.setup(document)
    try {
      const { color } = axe.commons
      const background = color.getBackgroundColor(element, [])
      const foreground = color.getForegroundColor(element, false, background)
      if (!background || !foreground) throw new Error('axe could not tell the colours')
      const style = getComputedStyle(element)
      const checked = color.hasValidContrastRatio(
        background,
        foreground,
        (Number.parseFloat(style.fontSize) * 72) / 96,
        Number(style.fontWeight) >= 700,
      )
      return {
        ratio: Math.round(checked.contrastRatio * 100) / 100,
        required: checked.expectedContrastRatio,
        foreground: foreground.toHexString(),
        background: background.toHexString(),
      }
    } finally {
      axe.teardown()
    }
  })
}

/** One Tab stop: its place among the tabbable elements, where it is, and whether its focus can be seen. */
type Stop = {
  index: number
  name: string
  box: { top: number; bottom: number; left: number; right: number }
  /** What focus drew (an outline of 2px or more, or a new box-shadow) and its contrast; null: nothing new. */
  ring: { drawn: string; contrast: number | null } | null
}

export type KeyboardPass = {
  /** Tabbable elements in document order, by name. */
  tabbable: string[]
  /** Where each Tab press landed, by name ('(outside)' when it left the scope). */
  visited: string[]
  /**
   * Stops whose focus cannot be seen: no outline of 2px or more and no new box-shadow, or an outline under 3:1
   * against what it is drawn on (WCAG 1.4.11, non-text contrast).
   */
  invisible: string[]
  /** Consecutive stops that go backwards on screen: up the page, or against the reading direction on a row. */
  backwards: string[]
}

/** In the page: what focus drew on the active element, compared with its look before (`data-tab-rest`). */
function focusRing() {
  const element = document.activeElement as HTMLElement | null
  const index = element?.dataset.tabIndex
  if (!element || index === undefined) return null
  const channels = (color: string) => {
    const n = (color.match(/[\d.]+/g) ?? []).map(Number)
    const scale = color.startsWith('color(') ? 255 : 1
    return [(n[0] ?? 0) * scale, (n[1] ?? 0) * scale, (n[2] ?? 0) * scale, n[3] ?? 1] as const
  }
  const luminance = ([r, g, b]: readonly number[]) => {
    const [lr, lg, lb] = [r, g, b].map((v) => {
      const c = (v ?? 0) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
  }
  /** The opaque colour behind `from`: its background and its ancestors' blended down to the first opaque one. */
  const backdrop = (from: Element | null) => {
    const layers: (readonly number[])[] = []
    for (let node = from; node; node = node.parentElement) {
      const layer = channels(getComputedStyle(node).backgroundColor)
      if ((layer[3] ?? 0) > 0) layers.push(layer)
      if (layer[3] === 1) break
    }
    let color: readonly number[] = [255, 255, 255]
    for (const layer of layers.reverse()) {
      const a = layer[3] ?? 1
      color = [0, 1, 2].map((i) => (layer[i] ?? 0) * a + (color[i] ?? 0) * (1 - a))
    }
    return color
  }
  const style = getComputedStyle(element)
  const rest = JSON.parse(element.dataset.tabRest ?? '{}') as { outline?: string; shadow?: string }
  const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`
  let ring: { drawn: string; contrast: number | null } | null = null
  if (
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) >= 2 &&
    outline !== rest.outline
  ) {
    // Drawn outside the box on the parent's background, or inside it (a negative offset) on its own.
    const behind = backdrop(Number.parseFloat(style.outlineOffset) < 0 ? element : element.parentElement)
    const [a, b] = [luminance(channels(style.outlineColor)), luminance(behind)]
    ring = {
      drawn: outline,
      contrast: Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100,
    }
  } else if (style.boxShadow !== 'none' && style.boxShadow !== rest.shadow) {
    ring = { drawn: style.boxShadow, contrast: null }
  }
  const rect = element.getBoundingClientRect()
  return {
    index: Number(index),
    name: '',
    box: { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right },
    ring,
  }
}

/**
 * Presses Tab through `scope` (the whole page, or a dialog) as a keyboard user would. The page pass starts at the
 * top of the document; a scope pass starts at the element focused in it (a dialog focuses its first button) and goes
 * one Tab further than the scope has stops, so that focus must come back into it (a modal keeps focus inside).
 */
export async function tabThrough(page: Page, scope?: string): Promise<KeyboardPass> {
  const tabbable = await page.evaluate((scopeSelector) => {
    const root = scopeSelector ? document.querySelector(scopeSelector) : document.body
    if (!root) throw new Error(`no ${scopeSelector}`)
    const candidates = root.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]',
    )
    const names: string[] = []
    // Each control's look without focus (a field may have been focused on arrival), to tell what focus adds.
    const active = document.activeElement as HTMLElement | null
    active?.blur()
    for (const element of document.querySelectorAll<HTMLElement>('[data-tab-index]')) {
      delete element.dataset.tabIndex
    }
    for (const element of candidates) {
      const disabled = (element as HTMLButtonElement).disabled === true
      if (disabled || element.tabIndex < 0 || !element.checkVisibility() || element.closest('[inert]'))
        continue
      const style = getComputedStyle(element)
      element.dataset.tabIndex = String(names.length)
      element.dataset.tabRest = JSON.stringify({
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`,
        shadow: style.boxShadow,
      })
      const label =
        element.getAttribute('aria-label') ??
        element.dataset.testid ??
        (element.innerText || (element as HTMLInputElement).labels?.[0]?.innerText || element.tagName)
      names.push(`${names.length}:${label.replace(/\s+/g, ' ').trim().slice(0, 40)}`)
    }
    if (scopeSelector) active?.focus()
    return names
  }, scope ?? null)

  if (scope) {
    if (
      (await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tabIndex)) !== '0'
    ) {
      throw new Error(`focus is not on the first control of ${scope}`)
    }
  } else {
    // From the top: focus the body (as a fresh page has it), so the next Tab goes to the first control.
    await page.evaluate(() => {
      const body = document.body
      body.tabIndex = -1
      body.focus()
      body.removeAttribute('tabindex')
    })
  }

  const stops: Stop[] = []
  const visited: string[] = []
  const presses = scope ? tabbable.length + 1 : tabbable.length
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(focusRing)
    if (!stop) {
      visited.push('(outside)')
      continue
    }
    stop.name = tabbable[stop.index] ?? String(stop.index)
    visited.push(stop.name)
    stops.push(stop)
  }

  const rtl = (await page.evaluate(() => document.documentElement.dir)) === 'rtl'
  const backwards: string[] = []
  for (let i = 1; i < stops.length; i++) {
    const [before, after] = [stops[i - 1], stops[i]] as [Stop, Stop]
    if (after.index <= before.index) continue // a scope pass wrapping round: its order is checked by `visited`
    const overlap = Math.min(before.box.bottom, after.box.bottom) - Math.max(before.box.top, after.box.top)
    const sameRow =
      overlap > 0.5 * Math.min(before.box.bottom - before.box.top, after.box.bottom - after.box.top)
    const wrong = sameRow
      ? rtl
        ? after.box.right > before.box.left + 1
        : after.box.left < before.box.right - 1
      : after.box.top < before.box.top - 1
    if (wrong) backwards.push(`${before.name} -> ${after.name}`)
  }
  return {
    tabbable,
    visited,
    invisible: stops
      .filter((stop) => stop.ring === null || (stop.ring.contrast !== null && stop.ring.contrast < 3))
      .map(
        (stop) =>
          `${stop.name}: ${stop.ring ? `${stop.ring.drawn} at ${stop.ring.contrast}:1` : 'nothing drawn'}`,
      ),
    backwards,
  }
}
