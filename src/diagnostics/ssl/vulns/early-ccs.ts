// CCS injection (CVE-2014-0224), probed as testssl.sh does: a hello, the server's first flight, then
// two ChangeCipherSpec records long before any key is agreed. A patched server refuses the first one
// (unexpected_message) or stays silent; one that took it reads the second as an encrypted record and
// fails it with bad_record_mac or decryption_failed. No key material is ever sent.
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import { connectTcp } from '../../net/guarded-connect.ts'
import { buildClientHello, type HelloVersion, WIRE_VERSIONS } from '../client-hello.ts'
import type { VersionScan } from '../enumerate-suites.ts'
import { whyNoAnswer } from '../enumerate-suites.ts'
import type { ProbeTarget } from '../probe-protocols.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { ALERT_NAMES, readFlight } from '../server-flight.ts'
import { newestLegacy } from './hello-probes.ts'

/** How long to wait for the server's answer to the early ChangeCipherSpecs. */
const ANSWER_WAIT_MS = 2000
const BAD_RECORD_MAC = 20
const DECRYPTION_FAILED = 21

type Answer =
  | { kind: 'alert'; description: number }
  | { kind: 'silent' }
  | { kind: 'closed' }
  | { kind: 'no-hello' }
  | { kind: 'stopped' }

function changeCipherSpec(version: HelloVersion): Buffer {
  const wire = WIRE_VERSIONS[version]
  return Buffer.from([0x14, wire >> 8, wire & 0xff, 0x00, 0x01, 0x01])
}

async function earlyCcs(target: ProbeTarget, version: HelloVersion, suites: number[]): Promise<Answer> {
  const socket = await connectTcp(target.policy, target)
  return new Promise((resolve) => {
    let data = Buffer.alloc(0)
    let sent = false
    let timer = setTimeout(() => finish({ kind: 'no-hello' }), target.timeoutMs)
    const finish = (answer: Answer) => {
      clearTimeout(timer)
      target.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      resolve(answer)
    }
    const onAbort = () => finish({ kind: 'stopped' })
    target.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      if (!sent) {
        const flight = readFlight(data, true)
        if (!flight) return
        if (flight.kind !== 'hello') return finish({ kind: 'no-hello' })
        sent = true
        data = Buffer.alloc(0)
        socket.write(Buffer.concat([changeCipherSpec(version), changeCipherSpec(version)]))
        clearTimeout(timer)
        timer = setTimeout(() => finish({ kind: 'silent' }), Math.min(ANSWER_WAIT_MS, target.timeoutMs))
        return
      }
      const alert = data.indexOf(0x15) === 0 && data.length >= 7 ? data[6] : undefined
      if (alert !== undefined) finish({ kind: 'alert', description: alert })
    })
    socket.once('close', () => finish(sent ? { kind: 'closed' } : { kind: 'no-hello' }))
    socket.on('error', () => {})
    socket.write(buildClientHello({ version, suites, servername: target.servername }))
  })
}

export async function ccsInjection(budget: ScanBudget, scans: VersionScan[]): Promise<VulnerabilityFinding> {
  const id = 'ccs-injection'
  const name = 'CCS injection (CVE-2014-0224)'
  const scan = newestLegacy(scans)
  if (!scan) {
    const only13 = scans.some((s) => s.protocol === 'TLSv1.3' && s.status === 'accepted')
    const detail = only13 ? 'TLS 1.3 only: not affected' : 'no version before TLS 1.3 was accepted'
    return { id, name, verdict: only13 ? 'not-vulnerable' : 'not-tested', detail }
  }
  const version = scan.protocol as HelloVersion
  const suites = scan.suites.map((s) => Number(s.code))
  try {
    const answer = await budget.connect((target) => earlyCcs(target, version, suites))
    if (answer.kind === 'no-hello') return { id, name, verdict: 'not-tested', detail: 'the hello got no ServerHello' }
    if (answer.kind === 'stopped') return { id, name, verdict: 'not-tested', detail: 'the check was stopped' }
    if (answer.kind !== 'alert') {
      const how = answer.kind === 'silent' ? 'no answer' : 'the connection was closed'
      return { id, name, verdict: 'not-vulnerable', detail: `early ChangeCipherSpec: ${how}` }
    }
    const alert = ALERT_NAMES[answer.description] ?? `alert ${answer.description}`
    const took = answer.description === BAD_RECORD_MAC || answer.description === DECRYPTION_FAILED
    return took
      ? { id, name, verdict: 'vulnerable', detail: `the early ChangeCipherSpec was taken (then ${alert})` }
      : { id, name, verdict: 'not-vulnerable', detail: `the early ChangeCipherSpec was refused (${alert})` }
  } catch (error) {
    return { id, name, verdict: 'not-tested', detail: whyNoAnswer(error) }
  }
}
