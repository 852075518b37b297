import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MONITOR_KINDS, type MonitorKind } from '../../../shared/monitors.ts'
import { MonitorForm } from './monitor-form.tsx'
import { defaultValues } from './monitor-form-values.ts'

const render = (kind: MonitorKind, mode: 'new' | 'edit' | 'watch') =>
  renderToStaticMarkup(
    <MonitorForm
      mode={mode}
      initial={{ ...defaultValues(kind), name: 'Shop', target: 'shop.example' }}
      minIntervalMinutes={5}
      submitLabel="Create monitor"
      busy={false}
      onSubmit={() => undefined}
    />,
  )

/** Every input and select with the text of the label that names it (none: unlabelled). */
function controls(html: string): { id: string; label: string | undefined }[] {
  const labels = new Map(
    [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>(.*?)<\/label>/g)].map((m) => [
      m[1],
      m[2]?.replace(/<[^>]+>/g, ''),
    ]),
  )
  return [...html.matchAll(/<(?:input|select)[^>]*id="([^"]+)"/g)].map((m) => ({
    id: m[1] ?? '',
    label: labels.get(m[1] ?? ''),
  }))
}

describe('MonitorForm', () => {
  it.each(MONITOR_KINDS)('labels every control of a new %s monitor', (kind) => {
    const found = controls(render(kind, 'new'))
    expect(found.length).toBeGreaterThanOrEqual(6)
    expect(found.filter((c) => !c.label)).toEqual([])
  })

  it('asks for the kind and the target only when they are not given', () => {
    const labels = (mode: 'new' | 'edit' | 'watch') => controls(render('ping', mode)).map((c) => c.label)
    expect(labels('new')).toEqual(expect.arrayContaining(['What to watch', 'Host or IP address', 'Confirmations']))
    expect(labels('edit')).not.toContain('What to watch')
    expect(labels('edit')).toContain('Host or IP address')
    expect(labels('watch')).not.toContain('Host or IP address')
    expect(labels('watch')).not.toContain('Confirmations')
    expect(render('ping', 'watch')).toContain('Ping of <code class="font-mono">shop.example</code>')
  })

  it('shows each kind’s own thresholds with their defaults', () => {
    expect(render('ssl', 'new')).toContain('Warn before expiry (days)')
    expect(render('ssl', 'new')).toContain('Lowest accepted grade')
    expect(render('ping', 'new')).toMatch(/Highest accepted loss \(%\)<\/label><input[^>]*value="20"/)
    expect(render('dns', 'new')).toMatch(/Record type<\/label><input[^>]*value="A"/)
    expect(render('blacklist', 'new')).toContain('A listing on any block list that could be checked is a problem')
  })
})
