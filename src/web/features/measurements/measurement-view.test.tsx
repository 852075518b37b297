import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { applyEvent, type MeasurementState } from './measurement-state.ts'
import { MeasurementView } from './measurement-view.tsx'
import { dnsAnswer, pingAnswer, probes, row } from './test-rows.ts'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

const base = { id: 'm1', input: 'example.test', options: {}, locations: ['any'], finished: false } as const

describe('MeasurementView', () => {
  it('shows a row per probe as the rows stream in: waiting, in progress, done with its round trips', () => {
    const state: MeasurementState = {
      ...base,
      tool: 'ping',
      rows: [
        row({ probe: probes.frankfurt, status: 'finished', result: pingAnswer('198.51.100.7', [10, 12]) }),
        row({ probe: probes.paris, status: 'in-progress' }),
        undefined,
      ],
    }
    const html = renderToStaticMarkup(<MeasurementView state={state} />)
    expect(text(html)).toContain('Ping example.test from 3 locations')
    expect(text(html)).toContain('1 of 3 locations settled…')
    expect(html).toContain(
      '<caption class="pb-1 text-left font-sans text-xs uppercase tracking-wide text-zinc-400">Round trips by location</caption>',
    )
    expect(text(html)).toContain(
      'Frankfurt, Germany AS64500 Example Transit · fra-1 Done 198.51.100.7 2/2 0% 10 ms 11 ms 12 ms',
    )
    expect(text(html)).toContain('Paris, France AS64501 Example Access · par-1 In progress')
    expect(text(html)).toContain('Location 3 Waiting')
  })

  it("shows a running row's lines so far, and each line the stream adds, until its answer replaces them", () => {
    const running: MeasurementState = {
      ...base,
      tool: 'ping',
      rows: [
        row({ probe: probes.frankfurt, status: 'in-progress', lines: ['PING example.test (198.51.100.7)'] }),
        row({ probe: probes.paris, status: 'in-progress' }),
      ],
    }
    const state = applyEvent(running, {
      type: 'line',
      index: 0,
      line: '64 bytes from 198.51.100.7: icmp_seq=1 ttl=57 time=10.000 ms',
    })
    const html = renderToStaticMarkup(<MeasurementView state={state} />)
    expect(text(html)).toContain(
      'answer Frankfurt, Germany · In progress PING example.test (198.51.100.7) 64 bytes from 198.51.100.7: icmp_seq=1 ttl=57 time=10.000 ms',
    )
    expect(html.match(/data-testid="measurement-live-row"/g)).toHaveLength(1)
    const settled = applyEvent(state, {
      type: 'row',
      index: 0,
      row: row({ probe: probes.frankfurt, status: 'finished', result: pingAnswer('198.51.100.7', [10]) }),
    })
    // A line that comes after its row settled is left out.
    const late = applyEvent(settled, { type: 'line', index: 0, line: 'late' })
    expect(late).toBe(settled)
    const after = renderToStaticMarkup(<MeasurementView state={late} />)
    expect(after).not.toContain('measurement-live-row')
    expect(text(after)).toContain('Frankfurt, Germany · Done')
  })

  it("says whose failure a failed row is, and lists each location's answer to open", () => {
    const state: MeasurementState = {
      ...base,
      tool: 'ping',
      finished: true,
      rows: [
        row({ probe: probes.frankfurt, status: 'finished', result: pingAnswer('198.51.100.7', [10]) }),
        row({
          probe: probes.paris,
          status: 'finished',
          result: {
            ...pingAnswer('198.51.100.7', [null]),
            status: 'failed',
            failureSource: 'target',
            error: '100% loss',
          },
        }),
        row({ probe: probes.here, status: 'failed', error: 'ping is not available' }),
      ],
    }
    const html = renderToStaticMarkup(<MeasurementView state={state} renderAnswer={() => <p>tool view</p>} />)
    expect(text(html)).toContain('1 of 3 locations answered; 2 did not')
    expect(text(html)).toContain('Paris, France AS64501 Example Access · par-1 Failed (target) 100% loss')
    expect(text(html)).toContain('This server Not run (this server) ping is not available')
    expect(html.match(/<details/g)).toHaveLength(2)
    expect(text(html)).toContain('Frankfurt, Germany · Done tool view')
    expect(text(html)).toContain('Paris, France · Failed (target) 100% loss PING example.test')
  })

  it('highlights a location whose DNS answer differs, with the word as well as the colour', () => {
    const state: MeasurementState = {
      ...base,
      tool: 'dns',
      options: { type: 'A' },
      finished: true,
      rows: [
        row({ probe: probes.frankfurt, status: 'finished', result: dnsAnswer(['198.51.100.20']) }),
        row({ probe: probes.paris, status: 'finished', result: dnsAnswer(['198.51.100.10']) }),
        row({ probe: probes.here, status: 'finished', result: dnsAnswer(['198.51.100.20']) }),
      ],
    }
    const html = renderToStaticMarkup(<MeasurementView state={state} />)
    expect(html).toMatch(/<tr class="[^"]*bg-amber-950\/60[^"]*"><th scope="row"[^>]*><span[^>]*>Paris, France/)
    expect(text(html)).toContain('Differs 198.51.100.10 System resolver (127.0.0.1:53) 300 NOERROR 12 ms')
    expect(text(html)).toContain('1 of 3 locations disagree with the majority (198.51.100.20, 2 locations)')
  })

  it('opens each path of a traceroute, collapsible, and keeps the others closed', () => {
    const trace = {
      tool: 'traceroute',
      input: 'example.test',
      status: 'ok',
      result: {
        host: 'example.test',
        address: '203.0.113.10',
        family: 4,
        protocol: 'icmp',
        maxHops: 30,
        packetBytes: 60,
        probesPerHop: 5,
        reached: true,
        hops: [
          {
            hop: 1,
            address: '198.51.100.1',
            otherAddresses: [],
            sent: 5,
            received: 5,
            lossPercent: 0,
            lastMs: 0.4,
            avgMs: 0.5,
            bestMs: 0.3,
            worstMs: 0.9,
            stdevMs: 0.1,
          },
          {
            hop: 2,
            address: '203.0.113.10',
            hostname: 'srv.lab.test',
            otherAddresses: [],
            sent: 5,
            received: 5,
            lossPercent: 0,
            lastMs: 1.2,
            avgMs: 1.1,
            bestMs: 1,
            worstMs: 1.4,
            stdevMs: 0.1,
          },
        ],
      },
      lines: ['traceroute to example.test (203.0.113.10), 30 hops max, 60 byte packets'],
      durationMs: 5000,
    }
    const state: MeasurementState = {
      ...base,
      tool: 'traceroute',
      finished: true,
      rows: [row({ probe: probes.paris, status: 'finished', result: trace })],
    }
    const html = renderToStaticMarkup(<MeasurementView state={state} renderAnswer={() => <p>hops</p>} />)
    expect(text(html)).toContain(
      'Paris, France AS64501 Example Access · par-1 Done 2 Yes srv.lab.test 1.1 ms 1.4 ms 0% of 5',
    )
    expect(html).toContain('<details open=""')
  })
})
