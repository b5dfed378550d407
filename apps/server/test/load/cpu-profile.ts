/**
 * What the server processes spent their CPU on (`npm run bench:load -- --cpu-profile DIR`): V8 CPU profiles written
 * by Node's `--cpu-prof`, summed over every process of a run, as self time by area (our code, each package, Node's
 * internals, GC) and by function. Idle time is left out: shares are of the processes' busy time.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type CallFrame = { functionName: string; url: string; lineNumber: number }
type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[]
  samples: number[]
  timeDeltas: number[]
}

/** Where a frame's code lives: a package, our own source, Node itself, or V8's own work such as '(garbage collector)'. */
export function areaOf({ url, functionName }: CallFrame): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)'
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
  if (pkg) return pkg
  if (url.startsWith('node:')) return 'node'
  const ours = url.match(/\/(apps\/[^/]+|packages\/[^/]+)\//)?.[1]
  return ours ?? url
}

/** Self time per frame key, in microseconds, over the profiles; `idle`: the processes' idle time. */
function selfTimes(profiles: CpuProfile[]) {
  const byFrame = new Map<string, { frame: CallFrame; us: number }>()
  let idle = 0
  for (const profile of profiles) {
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
    profile.samples.forEach((id, i) => {
      const frame = frames.get(id)
      const us = profile.timeDeltas[i] ?? 0
      if (!frame) return
      if (frame.functionName === '(idle)') {
        idle += us
        return
      }
      const key = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url}:${frame.lineNumber + 1}` : ''}`
      const entry = byFrame.get(key) ?? { frame, us: 0 }
      entry.us += us
      byFrame.set(key, entry)
    })
  }
  return { byFrame, idle }
}

/** The summary's lines: busy and idle seconds, then the `top` areas and functions by self time. */
export function summarizeCpuProfiles(dir: string, top = 15): string[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))
  const profiles = files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile)
  const { byFrame, idle } = selfTimes(profiles)
  const busy = [...byFrame.values()].reduce((sum, entry) => sum + entry.us, 0)
  const share = (us: number) => `${((100 * us) / Math.max(busy, 1)).toFixed(1).padStart(5)} %`
  const areas = new Map<string, number>()
  for (const { frame, us } of byFrame.values()) {
    const area = areaOf(frame)
    areas.set(area, (areas.get(area) ?? 0) + us)
  }
  const largest = <T>(entries: [T, number][]) => entries.sort((a, b) => b[1] - a[1]).slice(0, top)
  return [
    `CPU profiles: ${files.length} processes in ${dir}; busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`,
    '  self time by area:',
    ...largest([...areas.entries()]).map(([area, us]) => `    ${share(us)}  ${area}`),
    '  self time by function:',
    ...largest([...byFrame.entries()].map(([key, entry]) => [key, entry.us] as [string, number])).map(
      ([key, us]) =>
        `    ${share(us)}  ${key.replace(/file:\/\/\/\S*?\/(apps|packages|node_modules)\//, '$1/')}`,
    ),
  ]
}
