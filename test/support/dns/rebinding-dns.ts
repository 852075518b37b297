// A DNS server that changes its mind (DNS rebinding): the first A question for a name gets one
// address, every later one another, always with TTL 0. AAAA and other types get an empty answer.
import dnsPacket from 'dns-packet'
import { startUdpDns } from './udp-dns.ts'

export interface RebindingDns {
  /** "address:port" */
  endpoint: string
  /** A questions asked so far, per name (lower case, no final dot). */
  asked: Map<string, number>
  stop(): Promise<void>
}

export async function startRebindingDns(options: {
  host: string
  first: string
  later: string
}): Promise<RebindingDns> {
  const asked = new Map<string, number>()
  const server = await startUdpDns(options.host, (query) => {
    const question = query.questions?.[0]
    if (!question) return null
    const name = question.name.toLowerCase().replace(/\.$/, '')
    const answers: dnsPacket.Answer[] = []
    if (question.type === 'A') {
      const count = (asked.get(name) ?? 0) + 1
      asked.set(name, count)
      answers.push({ type: 'A', name: question.name, ttl: 0, data: count === 1 ? options.first : options.later })
    }
    return {
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | dnsPacket.AUTHORITATIVE_ANSWER,
      answers,
    }
  })
  return { endpoint: server.endpoint, asked, stop: server.stop }
}
