// Arbitraries for the API fuzzer: hostile strings, any JSON, prototype-pollution keys, and request
// bodies built from them, always as the raw JSON text a client would send.
import fc from 'fast-check'

/** The loopback address the fuzzed app may reach (TARGET_ALLOW), so valid inputs do run. */
export const FUZZ_ALLOWED = '127.0.0.129'

const SPELLINGS = [
  FUZZ_ALLOWED,
  '127.0.0.1',
  '::1',
  '0',
  '0x7f.1',
  '2130706433',
  '[::ffff:127.0.0.1]',
  'fe80::1%lo',
  '１２７.０.０.１',
  'localhost',
  'example.test',
  'http://example.test/',
  `http://${FUZZ_ALLOWED}/`,
  'http://user:pass@example.test/',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'gopher://127.0.0.1:25/',
  '-c 1000',
  '--help',
  '$(id)',
  '`id`',
  ';id',
  '| id',
  '\r\nHost: evil',
  '\u0000',
  '\u202e',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'AS4294967296',
  '+1 (555) 010-0000',
  '+999999999999999999999999',
]

const controlChars = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)) })

/** Strings a form field could carry: any text, control characters, spellings that matter, huge. */
export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  controlChars,
  fc.constantFrom(...SPELLINGS),
  fc.tuple(fc.constantFrom(...SPELLINGS), controlChars).map(([a, b]) => a + b),
  fc.integer({ min: 2000, max: 80_000 }).map((n) => 'a'.repeat(n)),
)

export const anyJson = fc.jsonValue({ maxDepth: 3 })

/** Any JSON value in a field, with hostile strings more likely than in jsonValue alone. */
export const anyField = fc.oneof(hostileString, anyJson, fc.integer(), fc.double(), fc.boolean(), fc.constant(null))

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const
const OPTION_KEYS = ['type', 'server', 'resolver', 'trace', 'dnssec', 'count', 'family', 'mode', 'port', 'protocol']

const json = (value: unknown) => JSON.stringify(value)

/** `{"input": …, "__proto__": {…}}`, written by hand: a JS object cannot carry such a key safely. */
const pollutingBody = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), anyJson, anyField, fc.boolean())
  .map(([key, value, input, nested]) =>
    nested
      ? `{"input":${json(input)},"options":{"${key}":${json(value)}}}`
      : `{"input":${json(input)},"${key}":{"polluted":${json(value)}}}`,
  )

/** Bodies of POST /api/tools/:id as raw text: any JSON, well-formed-looking requests, pollution, garbage. */
export const toolBody = fc.oneof(
  anyJson.map(json),
  fc
    .record(
      { input: anyField, options: fc.oneof(fc.dictionary(fc.constantFrom(...OPTION_KEYS), anyField), anyJson) },
      { requiredKeys: ['input'] },
    )
    .map(json),
  pollutingBody,
  fc.string(),
)

/** Bodies with the given field names filled with anything, plus arbitrary JSON and garbage. */
export function bodyWith(fields: string[]) {
  const record = Object.fromEntries(fields.map((f) => [f, anyField]))
  return fc.oneof(
    fc.record(record, { requiredKeys: [] }).map(json),
    anyJson.map(json),
    fc.tuple(fc.constantFrom(...PROTO_KEYS), anyJson).map(([key, value]) => `{"${key}":{"polluted":${json(value)}}}`),
    fc.string(),
  )
}
