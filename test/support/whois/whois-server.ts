// Loopback whois servers for tests (RFC 3912: read one query line, write the answer, close).
// Each plays a role (IANA, a registry, a registrar) answering fixture files from
// test/fixtures/whois by query; "{{role}}" in a fixture becomes that role's "127.0.0.1:port".
import { readFileSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'

const fixtures = new URL('../../fixtures/served/whois/', import.meta.url)

export interface WhoisRole {
  /** Query (lower case) → fixture file name. */
  answers: Record<string, string>
}

export interface WhoisServers {
  /** "127.0.0.1:port" of each role, plus "closed": a port nobody listens on. */
  endpoints: Record<string, string>
  /** Queries received, as "role: query". */
  queries: string[]
  stop(): Promise<void>
}

export async function startWhoisServers(roles: Record<string, WhoisRole>, closedPort: number): Promise<WhoisServers> {
  const endpoints: Record<string, string> = { closed: `127.0.0.1:${closedPort}` }
  const queries: string[] = []
  const servers: net.Server[] = []

  /** Bytes of the fixture with placeholders filled; latin1 keeps every byte as it is. */
  const answerFor = (file: string) => {
    let text = readFileSync(new URL(file, fixtures)).toString('latin1')
    for (const [role, endpoint] of Object.entries(endpoints)) text = text.replaceAll(`{{${role}}}`, endpoint)
    return Buffer.from(text, 'latin1')
  }

  for (const [role, { answers }] of Object.entries(roles)) {
    const server = net.createServer((socket) => {
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1')
        if (!received.includes('\r\n')) return
        const query = received.slice(0, received.indexOf('\r\n'))
        queries.push(`${role}: ${query}`)
        const file = answers[query.toLowerCase()]
        socket.end(file ? answerFor(file) : Buffer.from(`% No entries found for ${query}\r\n`))
      })
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoints[role] = `127.0.0.1:${(server.address() as AddressInfo).port}`
    servers.push(server)
  }
  return {
    endpoints,
    queries,
    stop: async () => {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
    },
  }
}
