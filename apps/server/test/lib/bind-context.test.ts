import { describe, expect, it } from 'vitest'
import { bindContext } from '#lib/bind-context.ts'

describe('bindContext', () => {
  it('passes the one context first and every other argument through, and answers what the function answers', async () => {
    const context = { calls: [] as string[] }
    const record = (ctx: typeof context, what: string, times = 1) => {
      ctx.calls.push(what.repeat(times))
      return ctx.calls.length
    }
    const later = async (ctx: typeof context) => ctx.calls.join(',')
    const service = bindContext(context, { record, later })
    expect(service.record('a')).toBe(1)
    expect(service.record('b', 2)).toBe(2)
    expect(await service.later()).toBe('a,bb')
    expect(Object.keys(service)).toEqual(['record', 'later'])
  })
})
