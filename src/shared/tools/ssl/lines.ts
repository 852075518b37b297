// The SSL/TLS report as text: grade, certificate, chain, trust, connection, protocols, headers.

import { describeDaysLeft, describeExpiresIn } from '../../time-span.ts'
import { explanationLines } from '../explanation.ts'
import { explainSslReason } from './explain.ts'
import { scanLines } from './scan-lines.ts'
import {
  type CertificateInfo,
  insecureSuitesText,
  type ProtocolProbe,
  protocolCoverage,
  type SslResult,
} from './schema.ts'
import { describeTrustError } from './trust-words.ts'

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

export function describeKey(cert: Pick<CertificateInfo, 'keyType' | 'keyBits' | 'curve'>): string {
  const size = cert.keyBits === null ? '' : ` ${cert.keyBits} bits`
  return `${cert.keyType}${size}${cert.curve ? ` (${cert.curve})` : ''}`
}

function certificateLines(result: SslResult): string[] {
  const cert = result.certificate
  const lines = [
    'Certificate',
    `  Subject:        ${cert.subject}`,
    `  Alt names:      ${cert.subjectAltNames.join(', ') || '(none)'}`,
    `  Issuer:         ${cert.issuer}`,
    `  Valid from:     ${cert.validFrom}`,
    `  Valid until:    ${cert.validTo} (${describeDaysLeft(cert.daysLeft, result.trust.expired)})`,
    `  Key:            ${describeKey(cert)}`,
    `  Signature:      ${cert.signatureAlgorithm}`,
    `  Serial:         ${cert.serialNumber}`,
    `  SHA-256:        ${cert.fingerprintSha256}`,
  ]
  if (result.trust.expiresSoon)
    lines.push(`  WARNING: the certificate expires ${describeExpiresIn(cert.daysLeft)} (less than 30)`)
  return lines
}

function chainLines(result: SslResult): string[] {
  const lines = ['Chain']
  lines.push(`  0. ${result.certificate.subject} (${describeKey(result.certificate)})`)
  result.chain.forEach((cert, index) => {
    const root = cert.selfSigned ? ', root' : ''
    lines.push(`  ${index + 1}. ${cert.subject} (${describeKey(cert)}, ${cert.signatureAlgorithm}${root})`)
  })
  return lines
}

function trustLines(result: SslResult): string[] {
  const { trust } = result
  return [
    'Trust',
    `  Chain trusted:  ${trust.trusted ? 'yes' : `no (${describeTrustError(trust.error)})`}`,
    `  Hostname match: ${yesNo(trust.hostnameMatch)}${trust.hostnameError ? ` (${trust.hostnameError})` : ''}`,
    `  Self-signed:    ${yesNo(trust.selfSigned)}`,
  ]
}

function connectionLines(result: SslResult): string[] {
  const c = result.connection
  const traits = [
    `${c.cipherBits}-bit`,
    c.aead ? 'AEAD' : 'not AEAD',
    c.forwardSecrecy ? 'forward secrecy' : 'no forward secrecy',
  ]
  return [
    'Connection',
    `  Protocol:       ${c.protocol}`,
    `  Cipher:         ${c.cipherStandardName ?? c.cipher} (${traits.join(', ')})`,
    `  Key exchange:   ${c.keyExchange ?? 'not ephemeral'}`,
    `  Handshake:      ${c.handshakeMs} ms`,
  ]
}

function probeLine(probe: ProtocolProbe): string {
  const status = probe.status === 'not-tested' ? 'not tested' : probe.status
  const extra = [probe.cipher, probe.note].filter(Boolean).join('; ')
  return `  ${probe.label.padEnd(8)} ${status}${extra ? ` (${extra})` : ''}`
}

function headerLines(result: SslResult): string[] {
  const { hsts } = result
  const hstsText = hsts.error ? `not checked (${hsts.error})` : hsts.present ? (hsts.value ?? '') : 'missing'
  return [
    `NULL/anon suites: ${insecureSuitesText(result)}`,
    `OCSP stapling:    ${yesNo(result.ocspStapling)}`,
    `HSTS:             ${hstsText}`,
  ]
}

function gradeLines(result: SslResult): string[] {
  const { grade } = result
  const ifTrusted = grade.gradeIfTrusted ? ` (${grade.gradeIfTrusted} if the certificate were trusted)` : ''
  const lines = [`Grade: ${grade.grade}${ifTrusted}`]
  for (const reason of grade.reasons) {
    lines.push(`  - [${reason.cap}] ${reason.text}${reason.rule ? ` (${reason.rule})` : ''}`)
    const explanation = explainSslReason(reason)
    if (explanation) lines.push(...explanationLines(explanation, '      '))
  }
  if (grade.scores) {
    const { protocol, keyExchange, cipher } = grade.scores
    lines.push(
      `  Score ${grade.score}: protocol ${protocol} x 30 %, key exchange ${keyExchange} x 30 %, cipher ${cipher} x 40 %`,
    )
  }
  return lines
}

export function sslLines(result: SslResult): string[] {
  return [
    `SSL/TLS check of ${result.host}:${result.port} (${result.address})`,
    ...gradeLines(result),
    '',
    ...certificateLines(result),
    '',
    ...chainLines(result),
    '',
    ...trustLines(result),
    '',
    ...connectionLines(result),
    '',
    `Protocols: ${protocolCoverage(result.protocols)}`,
    ...result.protocols.map(probeLine),
    '',
    ...headerLines(result),
    ...(result.scan ? ['', ...scanLines(result.scan)] : []),
  ]
}
