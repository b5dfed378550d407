/** The bench's CPU profile summary (cpu-profile.ts) over two hand-made profiles: shares of busy time, idle apart. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { areaOf, summarizeCpuProfiles } from './cpu-profile.ts'

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber })
const OURS = frame('listAccounts', 'file:///srv/app/apps/server/src/modules/accounts/service.ts', 41)
const FASTIFY = frame('route', 'file:///srv/app/node_modules/fastify/lib/route.js', 9)
const ZOD = frame('parse', 'file:///srv/app/node_modules/@zod/mini/index.js')

/** A profile whose samples are `[node id, microseconds]`; node 1 is idle, 2 GC, 3 to 5 the frames above. */
const profile = (samples: [number, number][]) => ({
  nodes: [frame('(idle)', ''), frame('(garbage collector)', ''), OURS, FASTIFY, ZOD].map((callFrame, i) => ({
    id: i + 1,
    callFrame,
  })),
  samples: samples.map(([id]) => id),
  timeDeltas: samples.map(([, us]) => us),
})

describe('CPU profile summary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-profile-test-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('names the area of a frame: our app, a package (scoped too), Node, V8', () => {
    expect(areaOf(OURS)).toBe('apps/server')
    expect(areaOf(FASTIFY)).toBe('fastify')
    expect(areaOf(ZOD)).toBe('@zod/mini')
    expect(areaOf(frame('readFile', 'node:fs'))).toBe('node')
    expect(areaOf(frame('(garbage collector)', ''))).toBe('(garbage collector)')
    expect(areaOf(frame('', ''))).toBe('(native)')
  })

  it('sums every process: busy and idle seconds, then the largest areas and functions by self time', () => {
    writeFileSync(
      join(dir, 'a.cpuprofile'),
      JSON.stringify(
        profile([
          [1, 4_000_000],
          [3, 600_000],
          [4, 200_000],
        ]),
      ),
    )
    writeFileSync(
      join(dir, 'b.cpuprofile'),
      JSON.stringify(
        profile([
          [3, 600_000],
          [2, 400_000],
          [5, 200_000],
        ]),
      ),
    )
    writeFileSync(join(dir, 'other.json'), '{}') // not a profile: ignored
    expect(summarizeCpuProfiles(dir, 2)).toEqual([
      `CPU profiles: 2 processes in ${dir}; busy 2.0 s, idle 4.0 s`,
      '  self time by area:',
      '     60.0 %  apps/server',
      '     20.0 %  (garbage collector)',
      '  self time by function:',
      '     60.0 %  listAccounts apps/server/src/modules/accounts/service.ts:42',
      '     20.0 %  (garbage collector)',
    ])
  })
})
