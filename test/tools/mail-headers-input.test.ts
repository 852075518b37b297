// What the email header analyzer says to text it cannot analyze: each refusal a 400 with a message
// that says what to paste, never a 500; text over the request body limit is a 413 with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerMessages, MAX_HEADERS_CHARS } from '../../src/shared/tools/mail-headers/input.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

describe('POST /api/tools/mail-headers refuses what is not a header section', () => {
  let t: TestApp
  beforeAll(async () => {
    // Loopback only: no refusal below reaches the resolver.
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  const refusal = async (input: string) => {
    const res = await checkTool(t, 'mail-headers', input)
    return { status: res.statusCode, body: res.json() }
  }

  it('asks for headers when the text is empty or blank', async () => {
    for (const input of ['', '  \n\t\n ']) {
      expect(await refusal(input)).toEqual({
        status: 400,
        body: { error: { type: 'invalid_input', message: 'Paste the headers of a message' } },
      })
    }
  })

  it('says no header lines were found in text without any', async () => {
    for (const input of ['hello, please check this mail', 'https://example.com/path', 'mailto:a@example.com']) {
      expect(await refusal(input)).toEqual({
        status: 400,
        body: { error: { type: 'invalid_input', message: headerMessages.noHeaders } },
      })
    }
  })

  it('refuses headers longer than the limit with the limit in the message', async () => {
    const input = `Subject: x\n${'X-Filler: y\n'.repeat(MAX_HEADERS_CHARS / 12 + 10)}`
    expect(JSON.stringify({ input }).length).toBeLessThan(64 * 1024)
    expect(await refusal(input)).toEqual({
      status: 400,
      body: { error: { type: 'invalid_input', message: headerMessages.tooLong } },
    })
    expect(headerMessages.tooLong).toContain('at most 48 KiB')
  })

  it('answers 413 with its reason for a body over the request limit, not a 500', async () => {
    const res = await checkTool(t, 'mail-headers', `Subject: x\n${'X-Filler: yyyyyyyyyyyy\n'.repeat(4000)}`)
    expect(res.statusCode).toBe(413)
    expect(res.json().error.type).toBe('payload_too_large')
    expect(res.json().error.message).toMatch(/too large/i)
  })
})
