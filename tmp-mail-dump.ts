import { createMailDiagnostic } from './src/diagnostics/mail/run.ts'
import { createNet } from './src/diagnostics/net/net.ts'
import { mailLines } from './src/shared/tools/mail.ts'
import { MAIL_HOSTS, startMailWorld } from './test/support/mail-world.ts'
import { freePort } from './test/support/ports.ts'
const smtp = await freePort(MAIL_HOSTS.mx1)
const httpsPort = await freePort(MAIL_HOSTS.policy)
const world = await startMailWorld({ smtp, https: httpsPort })
try {
  const d = createMailDiagnostic({ smtpPort: smtp, heloName: 'probe.nettoolbox.test', timeouts: { bannerMs: 1500 }, mtaSts: { port: httpsPort, ca: [world.ca] } })
  const net = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [world.knot.endpoint] })
  for (const input of process.argv.slice(2)) {
    const o = await d.run({ input }, { signal: AbortSignal.timeout(30000), net, progress: () => {} })
    console.log(o.status, 'error' in o ? o.error : '')
    if (o.result) console.log(mailLines(o.result).join('\n'))
  }
} finally { await world.stop() }
