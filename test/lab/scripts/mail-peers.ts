// A lab peer: SMTP servers (test/support/mail/mail-peers.ts) described by a JSON file.
// Usage (inside srv): node mail-peers.ts <config.json>; prints "READY" when listening, then one
// line per command a client got through: "<host> MAIL <address>", "<host> RCPT <address>", "<host> DATA".
import { readFileSync } from 'node:fs'
import { type SmtpPeerOptions, startSmtpPeer } from '../../support/mail/mail-peers.ts'

const configs = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as SmtpPeerOptions[]
const peers = await Promise.all(
  configs.map((config) => startSmtpPeer({ ...config, onEvent: (event) => console.log(`${config.host} ${event}`) })),
)
console.log('READY')

process.on('SIGTERM', async () => {
  await Promise.all(peers.map((p) => p.close()))
  process.exit(0)
})
