import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  compareSoaSerials,
  type PropagationServer,
  summarisePropagation,
} from '../../../shared/tools/dns/propagation.ts'
import { DnsPropagationLive, DnsPropagationView, foldPropagationProgress } from './dns-propagation-table.tsx'

const row = (name: string, answers: string[], state: PropagationServer['state'] = 'answered'): PropagationServer => ({
  role: name.startsWith('ns') ? 'authoritative' : 'resolver',
  name,
  server: `${name}:53`,
  state,
  answers,
  ...(state === 'answered' ? { rcode: 'NOERROR', ttl: 300, queryTimeMs: 4 } : { error: 'no answer within 3000 ms' }),
})

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('DnsPropagationView', () => {
  const p = summarisePropagation('A', [
    row('ns1', ['198.51.100.20']),
    row('ns2', ['198.51.100.10']),
    row('ns3', [], 'no-answer'),
    row('Quad9', ['198.51.100.20']),
  ])

  it('marks a differing server with an icon and the word "Differs", not colour alone', () => {
    const html = renderToStaticMarkup(<DnsPropagationView name="www.moved" propagation={p} />)
    expect(text(html)).toContain('ns2 Authoritative · ns2:53 Differs 198.51.100.10 300 NOERROR 4 ms')
    expect(text(html)).toContain('ns1 Authoritative · ns1:53 Majority 198.51.100.20')
    expect(text(html)).toContain('ns3 Authoritative · ns3:53 No answer no answer within 3000 ms')
    expect(html.match(/<svg/g)?.length).toBe(4)
    expect(text(html)).toContain(
      '1 of 3 servers disagree with the majority (198.51.100.20, 2 servers): 198.51.100.10 from ns2; 1 of 4 servers could not be asked or did not answer',
    )
  })

  it('fills the live table as servers answer, the others still being asked', () => {
    const events = [
      {
        type: 'A',
        propagationPending: p.servers.slice(0, 2).map(({ role, name, server }) => ({ role, name, server })),
      },
      { propagationServer: row('ns2', ['198.51.100.10']) },
    ]
    expect(foldPropagationProgress(events).rows.map((r) => [r.name, r.pending ?? false])).toEqual([
      ['ns1', true],
      ['ns2', false],
    ])
    const html = renderToStaticMarkup(<DnsPropagationLive progress={events} />)
    expect(text(html)).toContain('Waiting for 1 of 2 servers…')
    expect(text(html)).toContain('ns1 Authoritative · ns1:53 Asking…')
  })
})

describe('DnsPropagationView SOA serials', () => {
  it('shows each authoritative server\'s serial, "Behind by N" with an icon, and why a silent one gave none', () => {
    const p = summarisePropagation('A', [row('ns1', ['198.51.100.20'])])
    p.soa = compareSoaSerials('moved.', [
      { name: 'ns1.moved', server: '127.54.0.11:53', serial: 2026112502 },
      { name: 'ns2.moved', server: '127.54.0.12:53', serial: 2026112501 },
      { name: 'ns3.moved', server: '127.54.0.13:53', error: 'no answer within 3000 ms', failureSource: 'target' },
      {
        name: 'ns4.moved',
        server: '127.54.0.14:53',
        error: '127.54.0.14 is not allowed: loopback',
        failureSource: 'policy',
      },
    ])
    const html = renderToStaticMarkup(<DnsPropagationView name="www.moved" propagation={p} />)
    const soa = text(html.slice(html.indexOf('aria-label="SOA serials"')))
    expect(soa).toContain('SOA serials of moved.')
    expect(soa).toContain('ns1.moved 127.54.0.11:53 Current 2026112502')
    expect(soa).toContain('ns2.moved 127.54.0.12:53 Behind by 1 2026112501')
    expect(soa).toContain('ns3.moved 127.54.0.13:53 No serial no answer within 3000 ms (the server’s failure)')
    expect(soa).toContain('No serial 127.54.0.14 is not allowed: loopback (not asked: refused by our target policy)')
    expect(soa).toContain(
      '1 of 2 authoritative servers is behind the highest serial 2026112502: ns2.moved (2026112501, 1 behind)',
    )
    expect(html.slice(html.indexOf('aria-label="SOA serials"')).match(/<svg/g)?.length).toBe(4)
  })

  it('shows no SOA section when no authoritative server was found', () => {
    const p = summarisePropagation('A', [row('Quad9', ['198.51.100.20'])])
    expect(renderToStaticMarkup(<DnsPropagationView name="www.moved" propagation={p} />)).not.toContain('SOA serials')
  })
})
