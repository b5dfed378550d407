/**
 * What the screen tour checks on a screen besides its picture (docs/web.md, 'Contrast and accessibility'): axe-core's
 * findings. `settle` replaces fixed waits: a screen is ready when the page has no request in flight and no finite
 * animation running.
 */
import { createRequire } from 'node:module'
import type { Page, Request } from 'playwright-core'

/**
 * axe-core as @axe-core/playwright ships it (its own copy, 4.13). Injected once per document and run there: the
 * builder injects it again on every analysis and finishes each run in a new blank page (about 1 s a screen here,
 * against 0.3 s), and only violations are collected in full (`resultTypes`).
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

const inFlight = new WeakMap<Page, Set<Request>>()

/** Counts the page's requests from now on, for `settle`. */
export function trackRequests(page: Page): void {
  const open = new Set<Request>()
  page.on('request', (request) => open.add(request))
  page.on('requestfinished', (request) => open.delete(request))
  page.on('requestfailed', (request) => open.delete(request))
  inFlight.set(page, open)
}

/**
 * Waits until the page has had no request in flight (tracked pages only) and no finite animation running (a list's
 * or dialog's fade-in; spinners and skeletons loop for ever and wait on a request anyway) for `quietMs`.
 */
export async function settle(page: Page, quietMs = 120): Promise<void> {
  const open = inFlight.get(page)
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
    if (animating || (open?.size ?? 0) > 0) quietSince = now
    else if (now - quietSince >= quietMs) return
    if (now > deadline) {
      const pending = [...(open ?? [])].map((request) => request.url())
      throw new Error(`the screen did not settle: ${animating ? 'animating; ' : ''}${pending.join(', ')}`)
    }
    await page.waitForTimeout(30)
  }
}
