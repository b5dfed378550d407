/**
 * Missing translation keys the mini-app reports in development (spec section 7, POST /locales/add/{lng}/{ns}),
 * kept for a developer to review in `<DATA_DIR>/missing-locales/<lng>/<ns>.json`: never in the real locale
 * files. Paths come only from the contract's languages and namespaces; writes to one file are queued so two
 * reports never interleave, and each write replaces the file atomically (temp file, then rename).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Language, Namespace } from '@app/contract'

/** A review file stops growing here: a runaway client cannot fill the disk. */
const MAX_KEYS_PER_FILE = 2000

export type MissingKeysRecorder = ReturnType<typeof createMissingKeysRecorder>

export function createMissingKeysRecorder(folder: string) {
  const queues = new Map<string, Promise<unknown>>()

  async function readReview(file: string): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
    } catch {
      return {}
    }
  }

  async function merge(lng: Language, ns: Namespace, keys: Record<string, string>, known: Set<string>) {
    const dir = join(folder, lng)
    const file = join(dir, `${ns}.json`)
    await mkdir(dir, { recursive: true })
    const review = await readReview(file)
    let recorded = 0
    for (const [key, fallback] of Object.entries(keys)) {
      if (known.has(key) || key in review) continue
      if (Object.keys(review).length >= MAX_KEYS_PER_FILE) break
      review[key] = fallback
      recorded += 1
    }
    if (recorded > 0) {
      const temp = `${file}.${process.pid}.tmp`
      await writeFile(temp, `${JSON.stringify(review, null, 2)}\n`)
      await rename(temp, file)
    }
    return recorded
  }

  return {
    /**
     * Adds the keys that are in neither the real file (`known`) nor the review file; answers how many were new.
     */
    record(lng: Language, ns: Namespace, keys: Record<string, string>, known: Set<string>): Promise<number> {
      const id = `${lng}/${ns}`
      const next = (queues.get(id) ?? Promise.resolve()).then(() => merge(lng, ns, keys, known))
      queues.set(
        id,
        next.catch(() => undefined),
      )
      return next
    },
  }
}
