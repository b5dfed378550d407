/**
 * Values for the fuzzer (docs/resilience.md), from the JSON Schemas of the OpenAPI document: valid ones through
 * fast-check arbitraries built from the schema (the keywords the document uses: type, enum, const, anyOf, oneOf,
 * properties, required, additionalProperties, propertyNames, items, minLength, maxLength, pattern, format,
 * minimum, maximum, exclusiveMinimum, exclusiveMaximum), and hostile ones beside them: boundaries, wrong types,
 * odd unicode, huge strings. Everything is drawn from one seeded generator, so a seed replays a run.
 */
import fc from 'fast-check'

export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  propertyNames?: JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: unknown
}

/** A small seeded generator (mulberry32): the fuzzer's every choice comes from it. */
export class Rng {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing')
    return items[Math.floor(this.next() * items.length)] as T
  }
  /** A 31-bit seed for fast-check. */
  seed(): number {
    return Math.floor(this.next() * 0x7fffffff)
  }
}

/** Strings that have broken parsers, databases and renderers elsewhere. None names anything internal. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '👨‍👩‍👧‍👦',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'e\u0301\u0301\u0301',
  '۱۲۳۴۵۶۷۸۹۰',
  '١٢٣',
  '１２３４５',
  'سلام',
  'Ⅻ',
  '\r\n\t',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'true',
  'undefined',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '"; drop table users; --',
  '%00',
  '%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}',
  '\\',
  '"',
  '{}',
  '[]',
  '+',
  '+0000000000000',
  '+989121234567',
  '09121234567',
  '0',
  '-1',
  '18446744073709551616',
  '9007199254740993',
  '1.5',
  'a@b',
  'x@example.com',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
]

/** Values of every JSON type, for a field of any other type. */
const ANY_TYPE_VALUES: readonly unknown[] = [
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  -1e308,
  true,
  false,
  null,
  'string',
  '',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [{}] } },
]

/** A huge string: mostly under the body limit, sometimes far beyond it. */
export function hugeString(rng: Rng): string {
  const length = rng.chance(0.8) ? rng.int(2_000, 40_000) : rng.int(70_000, 200_000)
  const unit = rng.pick(['a', '9', 'é', '🙂', 'ی', '\u0301'])
  return unit.repeat(Math.ceil(length / unit.length))
}

const INT32 = 0x7fffffff

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  if (typeof schema.type === 'string') return [schema.type]
  if (schema.properties || schema.additionalProperties !== undefined) return ['object']
  return []
}

const arbitraries = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>()

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = schema.maxLength ?? 80
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'email') return fc.emailAddress().filter(fits)
  if (schema.pattern !== undefined) {
    try {
      const pattern = fc.stringMatching(new RegExp(schema.pattern))
      return schema.minLength === undefined && schema.maxLength === undefined ? pattern : pattern.filter(fits)
    } catch {
      // A pattern fast-check cannot read: plain strings of the right length (mostly rejected, still useful).
    }
  }
  const shortMax = Math.min(maxLength, minLength + 40)
  return fc.oneof(
    fc.string({ minLength, maxLength: shortMax }),
    fc.string({ minLength, maxLength: shortMax, unit: 'grapheme' }),
    fc.string({ minLength, maxLength: shortMax, unit: 'binary' }),
  )
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : undefined)
  let max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : undefined)
  if (integer) {
    if (schema.exclusiveMinimum !== undefined && schema.minimum === undefined)
      min = Math.floor(schema.exclusiveMinimum) + 1
    if (schema.exclusiveMaximum !== undefined && schema.maximum === undefined)
      max = Math.ceil(schema.exclusiveMaximum) - 1
    const low = Math.max(min ?? -INT32, -INT32)
    const high = Math.min(max ?? INT32, INT32)
    const ends = [min, max].filter(
      (value): value is number => value !== undefined && Number.isSafeInteger(value),
    )
    const inner = low <= high ? fc.integer({ min: low, max: high }) : fc.constant(min ?? 0)
    return ends.length > 0 ? fc.oneof({ arbitrary: inner, weight: 4 }, fc.constantFrom(...ends)) : inner
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min === undefined ? { min: -1e12 } : { min, minExcluded: schema.exclusiveMinimum !== undefined }),
    ...(max === undefined ? { max: 1e12 } : { max, maxExcluded: schema.exclusiveMaximum !== undefined }),
  })
}

/** A fast-check arbitrary of values that the schema accepts (as far as its keywords say). */
function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const cached = arbitraries.get(schema)
  if (cached) return cached
  const made = buildArbitrary(schema)
  arbitraries.set(schema, made)
  return made
}

function buildArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options && options.length > 0) return fc.oneof(...options.map(arbitraryOf))
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(Object.assign({}, ...schema.allOf))
  const types = typesOf(schema)
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type })))
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return numberArbitrary(schema, true)
    case 'number':
      return numberArbitrary(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      })
    case 'object': {
      const properties = schema.properties ?? {}
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      )
      const extra = schema.additionalProperties
      if (typeof extra === 'object') {
        const keys = schema.propertyNames
          ? (arbitraryOf(schema.propertyNames) as fc.Arbitrary<string>)
          : fc.string()
        const dictionary = fc.dictionary(keys, arbitraryOf(extra), { maxKeys: 5 })
        return fc.tuple(record, dictionary).map(([known, more]) => ({ ...more, ...known }))
      }
      return record
    }
    default:
      return fc.jsonValue()
  }
}

/** One valid value of the schema. */
export function validValue(schema: JsonSchema, rng: Rng): unknown {
  const [value] = fc.sample(arbitraryOf(schema), { seed: rng.seed(), numRuns: 1 })
  return value
}

/** A value at or just past one of the schema's bounds. */
function boundaryValue(schema: JsonSchema, rng: Rng): unknown {
  const types = typesOf(schema)
  if (types.includes('string')) {
    const unit = rng.pick(['a', '0', 'é', '🙂', ' '])
    const lengths = [0, 1]
    if (schema.minLength !== undefined) lengths.push(schema.minLength - 1, schema.minLength)
    if (schema.maxLength !== undefined) lengths.push(schema.maxLength, schema.maxLength + 1)
    return unit.repeat(Math.max(0, rng.pick(lengths)))
  }
  if (types.includes('integer') || types.includes('number')) {
    const points = [
      0,
      -1,
      1,
      0.5,
      -0,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      Number.MAX_SAFE_INTEGER + 2,
      1e21,
      -1e21,
    ]
    for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
      if (bound !== undefined) points.push(bound, bound - 1, bound + 1, bound + 0.5)
    }
    return rng.pick(points)
  }
  if (types.includes('array'))
    return rng.pick([[], Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => 1)])
  return rng.pick(ANY_TYPE_VALUES)
}

/** A value of another JSON type than the schema's. */
export function wrongTypeValue(schema: JsonSchema, rng: Rng): unknown {
  const types = typesOf(schema)
  const wrong = ANY_TYPE_VALUES.filter((value) => {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
    if (type === 'number') return !types.includes('number') && !types.includes('integer')
    return !types.includes(type)
  })
  return rng.pick(wrong.length > 0 ? wrong : ANY_TYPE_VALUES)
}

/** A hostile value for a field of this schema: a boundary, a wrong type, an odd or huge string. */
export function hostileValue(schema: JsonSchema, rng: Rng): unknown {
  const roll = rng.next()
  if (roll < 0.3) return boundaryValue(schema, rng)
  if (roll < 0.55) return wrongTypeValue(schema, rng)
  if (roll < 0.9) return rng.pick(ODD_STRINGS)
  return hugeString(rng)
}

/** The valid value with one thing wrong in it: a field hostile, missing or extra; or the whole value hostile. */
export function mutatedValue(schema: JsonSchema, rng: Rng): unknown {
  const value = validValue(schema, rng)
  const properties = schema.properties ?? {}
  const keys = Object.keys(properties)
  if (value === null || typeof value !== 'object' || Array.isArray(value) || keys.length === 0) {
    return hostileValue(schema, rng)
  }
  const copy = { ...(value as Record<string, unknown>) }
  const roll = rng.next()
  const key = rng.pick(keys)
  if (roll < 0.55) copy[key] = hostileValue(properties[key] ?? {}, rng)
  else if (roll < 0.75) delete copy[key]
  else if (roll < 0.9) {
    // defineProperty: an own `__proto__` key, as JSON.parse would make it, not a prototype change.
    const extra = rng.pick([
      'extra',
      '__proto__',
      'constructor',
      'isAdmin',
      'id',
      'userId',
      key.toUpperCase(),
    ])
    Object.defineProperty(copy, extra, { value: rng.pick(ANY_TYPE_VALUES), enumerable: true, writable: true })
  } else return hostileValue(schema, rng)
  return copy
}
