// A signing domain for the email header analyzer's tests: a DKIM key and an SPF record served as the
// zone mail.test, and header sections signed with that key by mailauth (only the headers are pasted).
import { generateKeyPairSync } from 'node:crypto'
import { dkimSign } from 'mailauth'
import type { KnotZone } from '../dns/knot.ts'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const publicKeyBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
/** TXT character-strings are at most 255 bytes: the key record is written as several. */
const quoted = (text: string) => (text.match(/.{1,200}/g) ?? []).map((part) => `"${part}"`).join(' ')

/** mail.test: SPF allowing only `spfAllowed`, the key under s1._domainkey. */
export const mailZone = (spfAllowed: string): KnotZone => ({
  origin: 'mail.test',
  text: [
    '$TTL 60',
    '@ IN SOA ns.mail.test. hostmaster.mail.test. 2026112701 3600 600 86400 60',
    '@ IN NS ns.mail.test.',
    `@ IN TXT "v=spf1 ip4:${spfAllowed} -all"`,
    `s1._domainkey IN TXT ${quoted(`v=DKIM1; k=rsa; p=${publicKeyBase64}`)}`,
    '',
  ].join('\n'),
})

/** A header section signed for `domain` with selector `selector`, the newest Received hop from `relay`. */
export async function signedHeaders(options: {
  relay: string
  domain?: string
  selector?: string
  date?: string
  returnPath?: string
}) {
  const domain = options.domain ?? 'mail.test'
  const date = options.date ?? 'Fri, 27 Nov 2026 10:00:00 +0000'
  const message = [
    'From: Alice <alice@mail.test>',
    'To: bob@receiver.test',
    'Subject: Quarterly report',
    `Date: ${date}`,
    'Message-ID: <q4-report@mail.test>',
    '',
    'The body, never pasted.',
    '',
  ].join('\r\n')
  // mailauth 7 signs with the entries of signatureData (its type declarations still name the older top-level fields).
  const signing = {
    signatureData: [
      {
        signingDomain: domain,
        selector: options.selector ?? 's1',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      },
    ],
  } as unknown as Parameters<typeof dkimSign>[1]
  const signed = await dkimSign(message, signing)
  if (!signed.signatures.startsWith('DKIM-Signature:')) throw new Error('mailauth made no DKIM signature')
  const received = [
    `Received: from out.mail.test (out.mail.test [${options.relay}])\r\n by mx.receiver.test with ESMTPS id 2\r\n (version=TLS1_3 cipher=TLS_AES_256_GCM_SHA384); Fri, 27 Nov 2026 10:00:03 +0000`,
    'Received: from [192.168.1.5] (unknown [192.168.1.5])\r\n by out.mail.test (Postfix) with ESMTPSA id 1; Fri, 27 Nov 2026 10:00:01 +0000',
    `Return-Path: <${options.returnPath ?? 'bounce@mail.test'}>`,
  ]
  const headerSection = message.split('\r\n\r\n')[0] ?? ''
  return `${received.join('\r\n')}\r\n${signed.signatures}${headerSection}\r\n`
}
