import { describe, expect, it } from 'vitest'
import { createCursorCodec } from '#lib/cursor.ts'

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

describe('cursor codec', () => {
  const codec = createCursorCodec('test-key')
  const position = { t: '2026-11-29T00:00:00.123456Z', i: 42, d: 'n' as const }

  it('reads back what it wrote', () => {
    expect(codec.decode(codec.encode(position))).toEqual(position)
  })

  it('refuses every other spelling of the signature, padding bits included', () => {
    const [payload, signature = ''] = codec.encode(position).split('.')
    // 16 bytes in 22 characters: the last carries 2 bits and 4 of padding, which a decoder ignores.
    const others = [...BASE64URL].filter((c) => c !== signature.at(-1))
    for (const last of others) {
      expect(() => codec.decode(`${payload}.${signature.slice(0, -1)}${last}`)).toThrow('invalid cursor')
    }
    expect(() => codec.decode(`${payload}.${signature}=`)).toThrow('invalid cursor')
  })

  it('refuses another key, a changed position and extra parts', () => {
    const cursor = codec.encode(position)
    expect(() => createCursorCodec('other-key').decode(cursor)).toThrow('invalid cursor')
    const moved = Buffer.from(JSON.stringify({ ...position, i: 43 })).toString('base64url')
    expect(() => codec.decode(`${moved}.${cursor.split('.')[1]}`)).toThrow('invalid cursor')
    expect(() => codec.decode(`${cursor}.x`)).toThrow('invalid cursor')
    expect(() => codec.decode('')).toThrow('invalid cursor')
  })
})
