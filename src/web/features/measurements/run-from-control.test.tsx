import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ProbeInfo } from '../../../shared/measurements.ts'
import { RunFromControl, type RunFromControlProps } from './run-from-control.tsx'
import { probes as places } from './test-rows.ts'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
const info = (place: (typeof places)[keyof typeof places], tools: ProbeInfo['tools']): ProbeInfo => ({
  ...place,
  tools,
  connectedAt: '2026-01-02T03:04:05.000Z',
})

function html(props: Partial<RunFromControlProps>) {
  return renderToStaticMarkup(
    <RunFromControl
      tool="traceroute"
      toolName="Traceroute"
      value={{ mode: 'server' }}
      onChange={() => {}}
      probes={{ isPending: false, error: null, data: [] }}
      {...props}
    />,
  )
}

describe('RunFromControl', () => {
  it('is a labelled group of three choices, this server first and chosen', () => {
    const markup = html({ probes: { isPending: false, error: null, data: [info(places.here, ['traceroute'])] } })
    expect(markup).toMatch(/<fieldset[^>]*><legend[^>]*>Run from<\/legend>/)
    expect(markup.match(/type="radio"/g)).toHaveLength(3)
    expect(markup).toMatch(/<input type="radio"[^>]*checked=""[^>]*\/>This server/)
  })

  it('says plainly when no probe but this server is connected, and offers nothing else', () => {
    const markup = html({ probes: { isPending: false, error: null, data: [info(places.here, ['traceroute'])] } })
    expect(text(markup)).toContain(
      'No probes other than this server are connected, so this tool runs from this server only.',
    )
    expect(markup.match(/type="radio"[^>]*disabled=""/g)).toHaveLength(2)
  })

  it('lists the connected probes to tick when picking, with those that cannot run the tool apart', () => {
    const data = [
      info(places.here, ['traceroute']),
      info(places.frankfurt, ['ping', 'traceroute']),
      info(places.paris, ['ping']),
    ]
    const markup = html({ value: { mode: 'pick', text: 'fra-1, DE' }, probes: { isPending: false, error: null, data } })
    expect(markup).toMatch(/<label for="[^"]+"[^>]*>Locations<\/label>/)
    expect(markup).toContain('placeholder="DE, AS13335, Frankfurt, Europe"')
    expect(text(markup)).toContain('Connected probes')
    expect(markup).toMatch(/checked=""[^>]*\/>Frankfurt, Germany · AS64500 Example Transit · fra-1/)
    expect(markup).toMatch(/type="checkbox"[^>]*\/>This server</)
    expect(text(markup)).toContain('Paris, France · AS64501 Example Access · par-1 (cannot run Traceroute)')
    expect(markup).not.toContain('No probes other than this server')
  })

  it('offers as many locations as probes can run the tool, and names the count on its choice', () => {
    const data = [info(places.here, ['traceroute']), info(places.frankfurt, ['traceroute'])]
    const markup = html({ value: { mode: 'count', count: 2 }, probes: { isPending: false, error: null, data } })
    expect(markup).toMatch(/checked=""[^>]*\/>2 locations/)
    expect(markup.match(/<option value="\d+"/g)).toHaveLength(2)
    expect(text(markup)).toContain('Any of the 2 connected probes that can run Traceroute')
  })

  it('says when the probes cannot be listed, and keeps the other choices open', () => {
    const markup = html({ probes: { isPending: false, error: new Error('Request failed with status 503') } })
    expect(text(markup)).toContain('Could not list the connected probes: Request failed with status 503')
    expect(markup).not.toMatch(/type="radio"[^>]*disabled=""/)
  })
})
