// Verdicts on one mail server address: connection, banner, reverse DNS, EHLO, STARTTLS,
// certificate and open relay, each pass/warn/fail with a one-line reason.
import type { MailCheck, MxAddress, SmtpSession } from '../../shared/tools/mail/schema.ts'
import { describeTrustError } from '../../shared/tools/ssl/trust-words.ts'
import { sizeLimit } from './smtp-extensions.ts'
import { describeTrust } from './tls-text.ts'

type Verdict = Omit<MailCheck, 'host'>

const SLOW_BANNER_MS = 5000
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function reverseCheck(a: MxAddress): Verdict {
  const base = { id: 'reverse-dns', title: 'Reverse DNS' }
  if (a.ptrError) return { ...base, status: 'skipped', reason: `not checked: ${a.ptrError}` }
  if (a.ptr.length === 0)
    return { ...base, status: 'fail', reason: `no PTR record for ${a.address}: many receivers refuse such senders` }
  const names = a.ptr.join(', ')
  if (!a.forwardConfirmed)
    return { ...base, status: 'warn', reason: `PTR ${names} does not resolve back to ${a.address}` }
  return { ...base, status: 'pass', reason: `${names} (forward-confirmed)` }
}

function bannerCheck(s: SmtpSession): Verdict {
  const base = { id: 'smtp-banner', title: 'SMTP banner' }
  if (s.banner === undefined || s.bannerMs === undefined) {
    return { ...base, status: 'fail', reason: s.error ?? 'no banner' }
  }
  if (!s.banner.startsWith('220'))
    return { ...base, status: 'fail', reason: `the server refused the session: ${s.banner}` }
  const text = `${s.banner} (after ${seconds(s.bannerMs)})`
  if (s.bannerMs > SLOW_BANNER_MS) return { ...base, status: 'warn', reason: `slow greeting: ${text}` }
  return { ...base, status: 'pass', reason: text }
}

function greetingCheck(s: SmtpSession): Verdict | undefined {
  const base = { id: 'ehlo', title: 'EHLO' }
  if (s.greeting === 'helo')
    return { ...base, status: 'warn', reason: 'EHLO refused, HELO accepted: no ESMTP extensions' }
  if (s.greeting === 'none') {
    return s.banner?.startsWith('220') ? { ...base, status: 'fail', reason: s.error ?? 'no greeting' } : undefined
  }
  const size = sizeLimit(s.extensions)
  const limit = size ? `; size limit ${(size / 1024 / 1024).toFixed(1)} MB` : ''
  const keywords = s.extensions.map((e) => e.split(' ')[0]).join(', ')
  return { ...base, status: 'pass', reason: `${s.extensions.length} extensions: ${keywords || 'none'}${limit}` }
}

function starttlsCheck(s: SmtpSession): Verdict | undefined {
  const base = { id: 'starttls', title: 'STARTTLS' }
  if (s.starttls === 'not-offered' && s.greeting !== 'none') {
    return { ...base, status: 'fail', reason: 'not offered: mail to this server travels unencrypted' }
  }
  if (s.starttls === 'failed') return { ...base, status: 'fail', reason: s.error ?? 'TLS upgrade failed' }
  if (s.starttls !== 'ok' || !s.tls) return undefined
  const text = `${s.tls.version}, ${s.tls.cipher}`
  if (s.tls.version === 'TLSv1' || s.tls.version === 'TLSv1.1')
    return { ...base, status: 'warn', reason: `outdated protocol: ${text}` }
  return { ...base, status: 'pass', reason: text }
}

function certificateCheck(s: SmtpSession, mxName: string): Verdict | undefined {
  if (!s.tls) return undefined
  const base = { id: 'tls-certificate', title: 'TLS certificate' }
  const problems = [
    ...(s.tls.trusted ? [] : [describeTrust(s.tls)]),
    ...(s.tls.hostnameMatch ? [] : [`does not match ${mxName}`]),
  ]
  const subject = s.tls.subject || 'no subject'
  if (problems.length === 0)
    return { ...base, status: 'pass', reason: `${subject}, valid until ${s.tls.validTo.slice(0, 10)}` }
  const expired = s.tls.trustError === describeTrustError('CERT_HAS_EXPIRED')
  return { ...base, status: expired ? 'fail' : 'warn', reason: `${subject}: ${problems.join('; ')}` }
}

/** The session graded with the SSL check's rules: A passes, B warns, lower fails. */
function tlsGradeCheck(s: SmtpSession): Verdict | undefined {
  const graded = s.tls?.grade
  if (!s.tls || !graded) return undefined
  const base = { id: 'tls-grade', title: 'TLS version & cipher' }
  const session = `${s.tls.version}, ${graded.suite} (${graded.suiteStrength})`
  const why = graded.reasons.length ? `: ${graded.reasons.join('; ')}` : ''
  const status = graded.grade === 'A' ? 'pass' : graded.grade === 'B' ? 'warn' : 'fail'
  return { ...base, status, reason: `grade ${graded.grade}, ${session}${why}` }
}

function relayCheck(s: SmtpSession): Verdict | undefined {
  const base = { id: 'open-relay', title: 'Open relay' }
  if (s.relay.verdict === 'open') {
    return {
      ...base,
      status: 'fail',
      reason: `accepted a recipient outside its domains (${s.relay.reply}): open relay; no message was sent`,
    }
  }
  if (s.relay.verdict === 'refused') return { ...base, status: 'pass', reason: `relaying refused: ${s.relay.reply}` }
  if (s.greeting === 'none') return undefined
  return { ...base, status: 'skipped', reason: `not checked: ${s.error ?? 'the dialogue ended early'}` }
}

/** The checks of one address; `host` is "mx.example.com [198.51.100.25]". */
export function judgeMxAddress(address: MxAddress, mxName: string, host: string): MailCheck[] {
  const verdicts: (Verdict | undefined)[] = [reverseCheck(address)]
  const s = address.smtp
  if (address.skipped) {
    verdicts.push({
      id: 'smtp-connect',
      title: 'SMTP connection',
      status: 'skipped',
      reason: `not checked: ${address.skipped}`,
    })
  } else if (s && s.connectMs === undefined) {
    // A refusal is the host's own answer; silence or no route may as well be this server's network.
    const untested = s.connectFailure !== 'refused' && s.connectFailure !== 'error'
    const reason = `${untested ? 'not checked: ' : ''}${s.error ?? 'no connection'}`
    verdicts.push({ id: 'smtp-connect', title: 'SMTP connection', status: untested ? 'skipped' : 'fail', reason })
  } else if (s) {
    verdicts.push(
      {
        id: 'smtp-connect',
        title: 'SMTP connection',
        status: 'pass',
        reason: `port ${s.port} open, connected in ${s.connectMs} ms`,
      },
      bannerCheck(s),
      greetingCheck(s),
      starttlsCheck(s),
      certificateCheck(s, mxName),
      tlsGradeCheck(s),
      relayCheck(s),
    )
  }
  return verdicts.filter((v): v is Verdict => v !== undefined).map((v) => ({ ...v, host }))
}
