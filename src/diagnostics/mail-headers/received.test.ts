import { describe, expect, it } from 'vitest'
import { findAnomalies } from './anomalies.ts'
import { splitHeaderFields } from './header-fields.ts'
import { buildHops } from './hops.ts'
import { parseReceived, readTls } from './received.ts'

describe('parseReceived()', () => {
  it('keeps a comment with "from" inside (envelope-from) out of the clauses', () => {
    const hop = parseReceived(
      'from a.example ([203.0.113.9]:2525 helo=a.example) by mx.example with esmtp (envelope-from <x@from.example>) id 1; Sat, 15 Jul 2017 12:18:41 +0300',
    )
    expect(hop).toMatchObject({ fromName: 'a.example', fromAddress: '203.0.113.9', by: 'mx.example', with: 'esmtp' })
    expect(hop.time).toBe(Date.UTC(2017, 6, 15, 9, 18, 41))
  })

  it('tells a missing date from an unparsable one', () => {
    expect(parseReceived('from a by b with SMTP id 1').dateProblem).toBe('missing')
    expect(parseReceived('from a by b with SMTP id 1; yesterday evening').dateProblem).toBe('unparsable')
  })
})

describe('readTls()', () => {
  it('reads the version and cipher as Postfix, Exim and sendmail write them', () => {
    expect(readTls('(using TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits))', 'ESMTPS')).toBe(
      'TLSv1.3 TLS_AES_256_GCM_SHA384',
    )
    expect(readTls('with esmtps (TLS1.3) tls TLS_AES_256_GCM_SHA384', 'esmtps')).toBe('TLS1.3')
    expect(readTls('(version=TLSv1.2 cipher=ECDHE-RSA-AES256-GCM-SHA384 bits=256 verify=NOT)', 'ESMTPS')).toBe(
      'TLSv1.2 ECDHE-RSA-AES256-GCM-SHA384',
    )
  })

  it('says TLS for ESMTPS/ESMTPSA, none for plain ESMTP/SMTP, and nothing when the protocol does not say', () => {
    expect(readTls('', 'ESMTPSA')).toBe('TLS')
    expect(readTls('', 'ESMTP')).toBe('none')
    expect(readTls('', 'SMTP')).toBe('none')
    expect(readTls('', 'Microsoft SMTP Server')).toBeUndefined()
    expect(readTls('', undefined)).toBeUndefined()
  })
})

describe('findAnomalies()', () => {
  const headers = (...received: string[]) => splitHeaderFields(received.map((r) => `Received: ${r}`).join('\n'))

  it('reports a hop earlier than the one before it as clock skew, never as a delay', () => {
    // Newest first, as servers add them: the second server's clock is 5 minutes behind.
    const { hops } = buildHops(
      headers(
        'from b by c with ESMTP id 3; Fri, 27 Nov 2026 10:00:00 +0000',
        'from a by b with ESMTP id 2; Fri, 27 Nov 2026 09:55:00 +0000',
        'from x by a with ESMTP id 1; Fri, 27 Nov 2026 10:00:00 +0000',
      ),
    )
    expect(hops.map((h) => h.delaySeconds)).toEqual([undefined, -300, 300])
    const anomalies = findAnomalies({ hops, message: { messageId: '<m@a>' }, auth: [], relays: [] })
    expect(anomalies).toContainEqual({
      kind: 'clock-skew',
      text: "Clock skew: hop 2 is 5 min earlier than the hop before it (a server's clock is wrong, or the header was altered)",
    })
  })

  it('tolerates a few seconds of disagreement between clocks', () => {
    const { hops } = buildHops(
      headers(
        'from a by b with ESMTP id 2; Fri, 27 Nov 2026 09:59:58 +0000',
        'from x by a with ESMTP id 1; Fri, 27 Nov 2026 10:00:00 +0000',
      ),
    )
    const anomalies = findAnomalies({ hops, message: { messageId: '<m@a>' }, auth: [], relays: [] })
    expect(anomalies.map((a) => a.kind)).toEqual(['missing-date'])
  })

  it('reports missing hop dates, a missing Message-ID and a DMARC fail stated by a receiver', () => {
    const { hops } = buildHops(headers('from x by a with ESMTP id 1'))
    const anomalies = findAnomalies({
      hops,
      message: { date: 'Fri, 27 Nov 2026 10:00:00 +0000', dateTime: Date.UTC(2026, 10, 27, 10) },
      auth: [
        {
          source: 'Authentication-Results',
          authservId: 'mx.example',
          results: [{ method: 'dmarc', result: 'fail', properties: 'header.from=bank.example' }],
        },
      ],
      relays: [],
    })
    expect(anomalies.map((a) => a.kind)).toEqual(['missing-date', 'missing-message-id', 'dmarc-fail'])
    expect(anomalies[2]?.text).toBe('DMARC fail stated by mx.example (Authentication-Results)')
  })
})
