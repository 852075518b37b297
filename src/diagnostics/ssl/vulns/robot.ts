// ROBOT (Return Of Bleichenbacher's Oracle Threat, CVE-2017-13099 and others), checked the safe
// way its authors published: a handful of RSA key-exchange handshakes, each with a differently
// malformed PKCS#1 v1.5 premaster secret, and the server's reactions compared. A server that reacts
// to all of them alike gives no padding oracle. One round of five handshakes; a second round only
// when the first saw different reactions, to tell an oracle from a hiccup. Only when RSA key
// exchange is offered.
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import { connectTcp } from '../../net/guarded-connect.ts'
import { buildClientHello, type HelloVersion, WIRE_VERSIONS } from '../client-hello.ts'
import type { VersionScan } from '../enumerate-suites.ts'
import { whyNoAnswer } from '../enumerate-suites.ts'
import type { ProbeTarget } from '../probe-protocols.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { ALERT_NAMES } from '../server-flight.ts'
import {
  keyExchangeFlight,
  PADDING_KINDS,
  type PaddingKind,
  readCertificateFlight,
  robotVerdict,
  rsaKeyOf,
} from './robot-messages.ts'

/** How long to wait for the server's reaction to the key exchange. */
const REACTION_WAIT_MS = 2000

class NoFlightError extends Error {}

interface Handshake {
  version: HelloVersion
  suites: number[]
  servername: string
}

/** The server's first flight up to ServerHelloDone, then the key exchange; the reaction in words. */
async function reactionTo(target: ProbeTarget, handshake: Handshake, kind: PaddingKind): Promise<string> {
  const socket = await connectTcp(target.policy, target)
  const wire = WIRE_VERSIONS[handshake.version]
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0)
    let sent = false
    let reaction: string | null = null
    let timer = setTimeout(
      () => fail(new NoFlightError(`no first flight within ${target.timeoutMs} ms`)),
      target.timeoutMs,
    )
    const end = () => {
      clearTimeout(timer)
      target.signal.removeEventListener('abort', onAbort)
      socket.destroy()
    }
    const fail = (error: Error) => {
      end()
      reject(error)
    }
    const finish = (outcome: string) => {
      end()
      resolve(outcome)
    }
    const onAbort = () => fail(new NoFlightError('the check was stopped'))
    target.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      if (!sent) {
        const flight = readCertificateFlight(data)
        if (flight.alert) return fail(new NoFlightError('the RSA key-exchange hello was refused'))
        if (!flight.done) return
        if (!flight.certificate) return fail(new NoFlightError('no certificate in the first flight'))
        const key = rsaKeyOf(flight.certificate)
        if (!key) return fail(new NoFlightError("the certificate's key is not RSA"))
        sent = true
        data = Buffer.alloc(0)
        socket.write(keyExchangeFlight(kind, key, wire))
        clearTimeout(timer)
        timer = setTimeout(() => finish(reaction ? `${reaction}, connection left open` : 'silence'), REACTION_WAIT_MS)
        return
      }
      if (reaction === null && data.length >= 7 && data[0] === 0x15) {
        reaction = `alert ${ALERT_NAMES[data[6] ?? 0] ?? data[6]}`
      } else if (reaction === null && data.length >= 5 && data[0] !== 0x15) {
        reaction = `record type ${data[0]}`
      }
    })
    socket.once('close', () => {
      if (!sent) return fail(new NoFlightError('the connection closed before ServerHelloDone'))
      finish(reaction ? `${reaction}, then closed` : 'closed')
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (sent && !reaction) reaction = `reset (${error.code ?? error.message})`
    })
    socket.write(buildClientHello({ ...handshake }))
  })
}

/** The newest version before TLS 1.3 that accepts RSA key-exchange suites, and those suites. */
function rsaHandshake(scans: VersionScan[], servername: string): Handshake | null {
  for (const scan of scans) {
    if (scan.status !== 'accepted' || scan.protocol === 'TLSv1.3' || scan.protocol === 'SSLv2') continue
    const suites = scan.suites.filter((s) => s.keyExchange === 'RSA').map((s) => Number(s.code))
    if (suites.length) return { version: scan.protocol as HelloVersion, suites, servername }
  }
  return null
}

const describe = (round: Record<PaddingKind, string>) =>
  PADDING_KINDS.map((kind) => `${kind}: ${round[kind]}`).join('; ')

async function round(budget: ScanBudget, handshake: Handshake): Promise<Record<PaddingKind, string>> {
  const reactions = await Promise.all(
    PADDING_KINDS.map((kind) => budget.connect((target) => reactionTo(target, handshake, kind))),
  )
  return Object.fromEntries(PADDING_KINDS.map((kind, i) => [kind, reactions[i]])) as Record<PaddingKind, string>
}

export async function robot(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
): Promise<VulnerabilityFinding> {
  const id = 'robot'
  const name = "ROBOT, Bleichenbacher's RSA padding oracle (CVE-2017-13099)"
  const handshake = rsaHandshake(scans, servername)
  if (!handshake) {
    const open = scans.some((s) => s.protocol !== 'TLSv1.3' && s.status === 'not-tested')
    return open
      ? { id, name, verdict: 'not-tested', detail: 'not every version before TLS 1.3 could be tested' }
      : { id, name, verdict: 'not-vulnerable', detail: 'no RSA key exchange is offered' }
  }
  try {
    const first = await round(budget, handshake)
    const rounds = [first]
    if (new Set(Object.values(first)).size > 1) rounds.push(await round(budget, handshake))
    const verdict = robotVerdict(rounds)
    const seen = `${handshake.version}, ${PADDING_KINDS.length} paddings`
    if (verdict === 'not-vulnerable') {
      return { id, name, verdict, detail: `the same reaction to every padding (${seen}): ${first.correct}` }
    }
    if (verdict === 'vulnerable') {
      return { id, name, verdict, detail: `reactions differ by padding, twice alike (${seen}): ${describe(first)}` }
    }
    return { id, name, verdict: 'not-tested', detail: `reactions differ but not twice alike: ${describe(first)}` }
  } catch (error) {
    const why = error instanceof NoFlightError ? error.message : whyNoAnswer(error)
    return { id, name, verdict: 'not-tested', detail: `an RSA key-exchange handshake: ${why}` }
  }
}
