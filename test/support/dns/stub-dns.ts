// A minimal DNS server on loopback UDP for tests that need a quick, fixed answer to every question:
// NXDOMAIN by default, or another rcode (NOERROR with no records, SERVFAIL, REFUSED); silent for the
// record types in `silentFor`. (Tests of DNS behaviour use Knot.)
import { type RCODES, startUdpDns } from './udp-dns.ts'

export interface StubDns {
  /** "127.0.0.1:PORT" */
  endpoint: string
  port: number
  /** Questions received so far. */
  questions: number
  stop(): Promise<void>
}

export async function startStubDns(
  rcode: keyof typeof RCODES = 'NXDOMAIN',
  { silentFor = [] }: { silentFor?: string[] } = {},
): Promise<StubDns> {
  let questions = 0
  const server = await startUdpDns('127.0.0.1', (query) => {
    questions += 1
    if (query.questions?.some((q) => silentFor.includes(q.type))) return null
    return { rcode }
  })
  return {
    endpoint: server.endpoint,
    port: server.port,
    get questions() {
      return questions
    },
    stop: server.stop,
  }
}
