// Run inside a lab namespace: asks <server> for the SOA of <zone> once; exit 0 when answered.
// Usage: node dns-probe.ts <server-ip> <port> <zone>
import { exchangeDns } from '../../../src/diagnostics/net/dns-client.ts'

const [address = '', port = '53', zone = '.'] = process.argv.slice(2)
try {
  const { response } = await exchangeDns({
    name: zone,
    type: 'SOA',
    server: { address, port: Number(port) },
    signal: AbortSignal.timeout(1500),
    timeoutMs: 500,
    attempts: 2,
  })
  process.exit((response.answers ?? []).length > 0 ? 0 : 1)
} catch {
  process.exit(1)
}
