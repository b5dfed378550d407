/**
 * The mini-app's dev server (`npm run dev -w apps/web`) as a React developer uses it (issue 36): React DOM itself
 * registers with the DevTools hook, Fast Refresh is wired in, home draws, and the console shows no warning or error.
 */
import { fileURLToPath } from 'node:url'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_REFERRAL_CODE } from '../../apps/server/dev/demo/demo-data.ts'
import { openMiniApp, screenshot } from '../support/browser.ts'
import { useE2e } from '../support/fixture.ts'

const e2e = useE2e()
const webRoot = fileURLToPath(new URL('../../apps/web', import.meta.url))
let dev: ViteDevServer | undefined

beforeAll(async () => {
  // The dev server sends API calls on to the real server (vite.config.ts reads API_SERVER when it loads).
  process.env.API_SERVER = e2e.server.url
  const { createServer } = await import('vite')
  dev = await createServer({ root: webRoot, logLevel: 'error', server: { port: 0, host: '127.0.0.1' } })
  await dev.listen()
})
afterAll(async () => {
  await dev?.close()
  delete process.env.API_SERVER
})

/** Stands in for the React DevTools extension: the hook React DOM looks for as it loads, recording each renderer. */
const DEVTOOLS_HOOK = `
  window.__renderers = []
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { window.__renderers.push(renderer.rendererPackageName + ' ' + renderer.version); return window.__renderers.length },
    onScheduleFiberRoot() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    checkDCE() {},
  }
`

describe('the dev server', () => {
  it('renders home with React DOM 19, DevTools see it, Fast Refresh is on, the console is clean', async () => {
    const url = dev?.resolvedUrls?.local[0]?.replace(/\/$/, '')
    if (!url) throw new Error('the dev server has no local URL')
    const { page, errors } = await openMiniApp(
      e2e.browser,
      { url, botToken: e2e.server.botToken },
      {
        user: { id: 887_000_001, firstName: 'Dev', languageCode: 'en' },
        platform: 'android',
        startParam: DEMO_REFERRAL_CODE,
      },
    )
    const messages: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text())
    })
    await page.addInitScript(DEVTOOLS_HOOK)
    await page.reload()

    await expect.poll(() => page.getByText('Withdraw Money').count()).toBe(1)
    await screenshot(page, 'dev-server-home')
    const renderers = await page.evaluate(() => (window as unknown as { __renderers: string[] }).__renderers)
    expect(renderers).toHaveLength(1)
    expect(renderers[0]).toMatch(/^react-dom 19\./)
    expect(await page.evaluate(() => typeof (window as { $RefreshReg$?: unknown }).$RefreshReg$)).toBe(
      'function',
    )
    expect(errors).toEqual([])
    expect(messages).toEqual([])
  })
})
