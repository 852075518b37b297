// The input rule through the HTTP API: every row of the shared table (src/shared/input-rule.cases.ts)
// posted to POST /api/tools/:id of the real app must run what the table says, or answer 400 with its
// exact message. The app's resolver is a stub on loopback that refuses every question at once, the
// other servers a tool could ask are on loopback (which the target policy refuses), and every address
// in the table is a documentation address the policy refuses too: no packet leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT_CASES } from '../../src/shared/input-rule.cases.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

const CLOSED = '127.0.0.1:9'

describe('POST /api/tools/:id reads input with the shared rule', () => {
  let t: TestApp
  let refusing: StubDns
  beforeAll(async () => {
    refusing = await startStubDns('REFUSED')
    t = await createTestApp({
      DNS_SERVERS: refusing.endpoint,
      DNS_ROOT_HINTS: CLOSED,
      DNS_PUBLIC_RESOLVERS: CLOSED,
      WHOIS_SERVER: CLOSED,
      RDAP_BOOTSTRAP_URL: `http://${CLOSED}/`,
    })
  })
  afterAll(async () => {
    await t?.close()
    await refusing?.stop()
  })

  it.concurrent.each(INPUT_CASES.map((row) => [row.tool, row.spelling, row.input, row] as const))(
    '%s, %s %j',
    async (_tool, _spelling, input, row) => {
      const { id, options } = row
      const res = await checkTool(t, id, input, { options })
      if ('runs' in row.expected) {
        expect(res.statusCode, res.payload).toBe(200)
        expect(res.json().input).toBe(row.expected.runs)
      } else {
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ error: { type: 'invalid_input', message: row.expected.message } })
      }
    },
  )
})
