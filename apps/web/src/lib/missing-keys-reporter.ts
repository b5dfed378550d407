/**
 * Development only: tells the dev server which translation keys a screen looked up and did not find in the
 * user's language (POST /locales/add/{lng}/{ns}, spec section 7), so a developer can review them in the data
 * folder. Each key is reported once per page load; reports are batched per file for a second.
 */
import { localeCalls, urlOf } from '@app/contract'

const BATCH_MS = 1000

type Send = (url: string, keys: Record<string, string>) => void

const sendWithFetch: Send = (url, keys) => {
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(keys),
  }).catch(() => undefined)
}

export function createMissingKeysReporter(send: Send = sendWithFetch, batchMs = BATCH_MS) {
  const reported = new Set<string>()
  const batches = new Map<string, Record<string, string>>()

  const flush = (lng: string, ns: string) => {
    const file = `${lng}/${ns}`
    const keys = batches.get(file)
    batches.delete(file)
    if (keys) send(urlOf(localeCalls.addMissing, { params: { lng, ns } }), keys)
  }

  return (lng: string, ns: string, key: string, shown: string) => {
    const id = `${lng}/${ns}/${key}`
    if (reported.has(id)) return
    reported.add(id)
    const file = `${lng}/${ns}`
    const batch = batches.get(file)
    if (batch) {
      batch[key] = shown
      return
    }
    batches.set(file, { [key]: shown })
    setTimeout(() => flush(lng, ns), batchMs)
  }
}
