/**
 * Calls index.html's inline script sent while the code downloaded (the sign-in, or home's calls with stored
 * tokens): `window.__bootCalls`, keyed by method and absolute URL. The app's first send of a call takes its entry,
 * once: the answer is used when the body and the bearer token are those the app would send now, and the call goes
 * out anew otherwise, or when the early one failed on the network. A later send of the same call always asks.
 */
type BootCall = { bearer: string | null; body: string | null; response: Promise<Response> }

declare global {
  interface Window {
    __bootCalls?: Record<string, BootCall | undefined>
  }
}

export function takeBootCall(
  method: string,
  url: string,
  body: BodyInit | null | undefined,
  bearer: string | null,
): Promise<Response | null> | null {
  const calls = globalThis.window?.__bootCalls
  const key = `${method} ${url}`
  const call = calls?.[key]
  if (!calls || !call) return null
  delete calls[key]
  if (call.bearer !== bearer || call.body !== (typeof body === 'string' ? body : null)) return null
  return call.response.catch(() => null)
}
