import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { TlsScan } from '../../../shared/tools/ssl/schema.ts'
import { ClientSimulationTable } from './client-simulation-table.tsx'

const scan: TlsScan = {
  protocols: [],
  groups: [],
  dhBits: null,
  resumption: { sessionId: 'no', ticket: 'no', note: null },
  alpn: null,
  sct: { certificate: false, tlsExtension: 'no', ocsp: false },
  notRun: [],
  connections: 0,
  elapsedMs: 0,
}

describe('ClientSimulationTable', () => {
  it('shows the version and suite each client gets, and the clients the server refuses', () => {
    const html = renderToStaticMarkup(
      <ClientSimulationTable
        scan={{
          ...scan,
          clientSimulations: [
            {
              client: 'IE 11 / Windows 7',
              offered: 'TLS 1.2, TLS 1.1, TLS 1.0',
              status: 'negotiated',
              protocol: 'TLS 1.2',
              suite: 'TLS_DHE_RSA_WITH_AES_128_GCM_SHA256',
              note: null,
            },
            {
              client: 'Android 4.4',
              offered: 'TLS 1.2, TLS 1.1, TLS 1.0',
              status: 'failed',
              protocol: null,
              suite: null,
              note: 'alert protocol_version',
            },
          ],
        }}
      />,
    )
    expect(html).toContain('aria-label="Client handshakes"')
    expect(html).toMatch(/IE 11 \/ Windows 7<\/th><td[^>]*>TLS 1\.2<\/td><td[^>]*>TLS_DHE_RSA_WITH_AES_128_GCM_SHA256/)
    expect(html).toMatch(/Android 4\.4<\/th><td colSpan="2" class="[^"]*red[^"]*">Fails: alert protocol_version/)
  })

  it('draws nothing for a result stored before clients were simulated', () => {
    expect(renderToStaticMarkup(<ClientSimulationTable scan={scan} />)).toBe('')
  })
})
