/**
 * `node --import tsx bench/access-tokens.ts [--rounds N] [--ms N] [--against PATH]`
 *
 * Signs and verifies access tokens (apps/server/src/modules/auth/access-tokens.ts) one after another for `--ms` (500)
 * per measure, and prints the median over `--rounds` (7) of each: calls a second and CPU microseconds a call. jose's
 * asynchronous `jwtVerify` runs beside it as the reference. `--against PATH` adds another module that exports
 * `createAccessTokenSigner` (an earlier version of the file, say); every round runs each implementation in turn, so
 * that the machine's load falls alike on all. Figures: docs/measurements/auth.md.
 */
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { jwtVerify } from 'jose'
import {
  createAccessTokenSigner,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
} from '../apps/server/src/modules/auth/access-tokens.ts'

type Signer = {
  sign(uid: string): string | Promise<string>
  verify(token: string): string | undefined
}
type Measure = { name: string; run: () => unknown }

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    ms: { type: 'string', default: '500' },
    against: { type: 'string' },
  },
})
const rounds = Number(values.rounds)
const windowMs = Number(values.ms)
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
const uid = randomUUID()

/** Calls a second and CPU µs a call of `run`, called one after another (awaited when it answers a promise). */
async function measure(run: () => unknown): Promise<{ perSecond: number; cpuMicros: number }> {
  let calls = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  while (performance.now() - started < windowMs) {
    for (let i = 0; i < 100; i += 1) {
      const result = run()
      if (result instanceof Promise) await result
    }
    calls += 100
  }
  const elapsed = performance.now() - started
  const used = process.cpuUsage(cpu)
  return { perSecond: (calls / elapsed) * 1000, cpuMicros: (used.user + used.system) / calls }
}

async function measuresOf(label: string, signer: Signer): Promise<Measure[]> {
  const token = await signer.sign(uid)
  if (signer.verify(token) !== uid) throw new Error(`${label}: its own token does not verify`)
  return [
    { name: `${label} sign`, run: () => signer.sign(uid) },
    { name: `${label} verify`, run: () => signer.verify(token) },
  ]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const measures = await measuresOf('now', createAccessTokenSigner(SECRET, 900))
if (values.against) {
  const other = (await import(pathToFileURL(resolve(values.against)).href)) as {
    createAccessTokenSigner: (secret: string, ttl: number) => Signer
  }
  measures.push(...(await measuresOf('against', other.createAccessTokenSigner(SECRET, 900))))
}
const key = new TextEncoder().encode(SECRET)
const reference = await createAccessTokenSigner(SECRET, 900).sign(uid)
const joseOptions = { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, typ: 'JWT' }
measures.push({ name: 'jose jwtVerify', run: () => jwtVerify(reference, key, joseOptions) })

const results = new Map(measures.map((m) => [m.name, { perSecond: [] as number[], cpu: [] as number[] }]))
for (const m of measures) await measure(m.run) // warm-up: V8 optimizes each path before it counts
for (let round = 0; round < rounds; round += 1) {
  for (const m of round % 2 === 0 ? measures : [...measures].reverse()) {
    const { perSecond, cpuMicros } = await measure(m.run)
    results.get(m.name)?.perSecond.push(perSecond)
    results.get(m.name)?.cpu.push(cpuMicros)
  }
}
console.log(`node ${process.version}, ${rounds} rounds of ${windowMs} ms, medians`)
for (const [name, r] of results) {
  const perSecond = Math.round(median(r.perSecond)).toLocaleString('en')
  console.log(`${name.padEnd(16)} ${perSecond.padStart(9)}/s  ${median(r.cpu).toFixed(2)} µs CPU a call`)
}
