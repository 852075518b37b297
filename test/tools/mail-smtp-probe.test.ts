// probeSmtp() against scripted SMTP servers on loopback: the odd and hostile cases real mail
// servers present (multi-line banners, HELO-only, refusals, non-SMTP peers, STARTTLS injection).
import net from 'node:net'
import tls from 'node:tls'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SMTP_TIMEOUTS, probeSmtp } from '../../src/diagnostics/mail/smtp-probe.ts'
import { createTargetPolicy } from '../../src/diagnostics/net/policy.ts'
import { createTestCa, MAIL_TEST_CA, mailServerCert, type TestCa } from '../support/tls/test-ca.ts'

type Reply = (line: string) => string | undefined

const servers: net.Server[] = []
let ca: TestCa

beforeAll(async () => {
  ca = await createTestCa(MAIL_TEST_CA)
})
afterAll(() => ca?.remove())
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

/** A server that writes `greeting`, then answers each command line with reply(line). */
function serveLines(socket: net.Socket | tls.TLSSocket, reply: Reply) {
  let buffered = ''
  socket.on('error', () => {})
  socket.on('data', (chunk) => {
    buffered += String(chunk)
    let at = buffered.indexOf('\r\n')
    while (at !== -1) {
      const line = buffered.slice(0, at)
      buffered = buffered.slice(at + 2)
      const answer = reply(line)
      if (answer !== undefined) socket.write(answer)
      if (line === 'QUIT') socket.end()
      at = buffered.indexOf('\r\n')
    }
  })
}

async function start(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnection)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

const policy = createTargetPolicy({ allow: ['127.0.0.0/8'], ownAddresses: [] })
const probe = (port: number, overrides: { policy?: typeof policy; address?: string } = {}) =>
  probeSmtp({
    policy: overrides.policy ?? policy,
    address: { address: overrides.address ?? '127.0.0.1', family: 4 },
    port,
    mxName: 'mx.probe.test',
    heloName: 'tools.example.org',
    domain: 'probe.test',
    signal: AbortSignal.timeout(10_000),
    timeouts: { ...DEFAULT_SMTP_TIMEOUTS, bannerMs: 2000, commandMs: 2000 },
  })

describe('probeSmtp()', () => {
  it('reads a multi-line banner, falls back to HELO when EHLO is refused, and records a refused sender', async () => {
    const port = await start((socket) => {
      socket.write('220-mx.probe.test ESMTP\r\n220 no spam please\r\n')
      serveLines(socket, (line) => {
        if (line.startsWith('EHLO')) return '502 5.5.1 EHLO not supported\r\n'
        if (line.startsWith('HELO')) return '250 mx.probe.test\r\n'
        if (line.startsWith('MAIL')) return '530 5.7.0 Authentication required\r\n'
        return line === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n'
      })
    })
    const session = await probe(port)
    expect(session.banner).toBe('220 mx.probe.test ESMTP no spam please')
    expect(session.greeting).toBe('helo')
    expect(session.starttls).toBe('not-offered')
    expect(session.relay).toEqual({ verdict: 'refused', reply: '530 5.7.0 Authentication required' })
    expect(session.transcript.slice(0, 5)).toEqual([
      'S: 220-mx.probe.test ESMTP',
      'S: 220 no spam please',
      'C: EHLO tools.example.org',
      'S: 502 5.5.1 EHLO not supported',
      'C: HELO tools.example.org',
    ])
    expect(session.error).toBeUndefined()
  })

  it('stops at a banner that refuses the session', async () => {
    const port = await start((socket) => socket.end('554 5.7.1 no service for you\r\n'))
    const session = await probe(port)
    expect(session.banner).toBe('554 5.7.1 no service for you')
    expect(session.error).toBe('server refused the session: 554 5.7.1 no service for you')
    expect(session.transcript.filter((l) => l.startsWith('C: '))).toEqual([])
  })

  it('names a peer that does not speak SMTP', async () => {
    const port = await start((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'))
    const session = await probe(port)
    expect(session.error).toBe('no banner: not an SMTP reply: HTTP/1.1 400 Bad Request')
  })

  it('says the port is closed when the connection is refused', async () => {
    const port = await start(() => {})
    servers.pop()?.close()
    await new Promise((r) => setTimeout(r, 50))
    const session = await probe(port)
    expect(session.error).toBe(`connection refused on port ${port}`)
    expect(session.connectFailure).toBe('refused')
    expect(session.connectMs).toBeUndefined()
  })

  it('does not connect to an address the policy denies', async () => {
    let connections = 0
    const port = await start(() => {
      connections++
    })
    const session = await probe(port, { policy: createTargetPolicy({ ownAddresses: [] }) })
    expect(session.error).toBe('127.0.0.1 is not allowed: loopback')
    expect(session.connectFailure).toBe('policy')
    expect(connections).toBe(0)
  })

  it('records a STARTTLS whose handshake breaks, and leaves the relay untested', async () => {
    const port = await start((socket) => {
      socket.write('220 mx.probe.test ESMTP\r\n')
      serveLines(socket, (line) => {
        if (line.startsWith('EHLO')) return '250-mx.probe.test\r\n250 STARTTLS\r\n'
        if (line === 'STARTTLS') socket.end('220 go ahead\r\n')
        return undefined
      })
    })
    const session = await probe(port)
    expect(session.starttls).toBe('failed')
    expect(session.tls).toBeUndefined()
    expect(session.error).toMatch(/^TLS handshake failed: /)
    expect(session.relay.verdict).toBe('untested')
  })

  it('discards replies injected before the TLS handshake and reads EHLO from the encrypted session', async () => {
    const cert = await ca.issue(mailServerCert('mx.probe.test'))
    const port = await start((socket) => {
      socket.write('220 mx.probe.test ESMTP\r\n')
      const plain: Reply = (line) => {
        if (line.startsWith('EHLO')) return '250-mx.probe.test\r\n250 STARTTLS\r\n'
        if (line !== 'STARTTLS') return '250 ok\r\n'
        socket.removeAllListeners('data')
        socket.write('220 go ahead\r\n250 injected before TLS\r\n')
        const secure = new tls.TLSSocket(socket, { isServer: true, key: cert.key, cert: cert.cert })
        serveLines(secure, (command) => {
          if (command.startsWith('EHLO')) return '250-mx.probe.test over TLS\r\n250 SIZE 1000\r\n'
          if (command.startsWith('RCPT')) return '550 5.7.1 relaying denied\r\n'
          return command === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n'
        })
        return undefined
      }
      serveLines(socket, plain)
    })
    const session = await probe(port)
    expect(session.starttls).toBe('ok')
    expect(session.tls).toMatchObject({ trusted: false, hostnameMatch: true, subject: 'CN=mx.probe.test' })
    expect(session.transcript).toContain('-- data sent before the TLS handshake was discarded')
    expect(session.transcript).toContain('S: 250-mx.probe.test over TLS')
    expect(session.extensions).toEqual(['SIZE 1000'])
    expect(session.relay).toEqual({ verdict: 'refused', reply: '550 5.7.1 relaying denied' })
  })
})
