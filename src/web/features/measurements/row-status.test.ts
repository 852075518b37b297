import { describe, expect, it } from 'vitest'
import { rowStatus, rowStatusText } from './row-status.ts'
import { pingAnswer, probes, row } from './test-rows.ts'

describe('rowStatus()', () => {
  it('says Waiting before the first event and In progress while the probe measures', () => {
    expect(rowStatus(undefined)).toEqual({ label: 'Waiting', tone: 'busy' })
    expect(rowStatusText(rowStatus(row({ probe: probes.paris, status: 'in-progress' })))).toBe('In progress')
  })

  it('says Done for a finished run whose diagnosis succeeded', () => {
    const done = row({ probe: probes.paris, status: 'finished', result: pingAnswer('198.51.100.7', [10, 11]) })
    expect(rowStatus(done)).toEqual({ label: 'Done', tone: 'ok' })
  })

  it('names the target as the one that failed when the diagnosis failed there', () => {
    const failed = row({
      probe: probes.frankfurt,
      status: 'finished',
      result: { ...pingAnswer('198.51.100.7', [null]), status: 'failed', failureSource: 'target', error: '100% loss' },
    })
    expect(rowStatusText(rowStatus(failed))).toBe('Failed (target): 100% loss')
  })

  it("calls a server-side failure the probe's, or this server's for the site's own probe", () => {
    const answer = {
      ...pingAnswer('198.51.100.7', [null]),
      status: 'failed',
      failureSource: 'server',
      error: 'no ping',
    }
    expect(rowStatus(row({ probe: probes.paris, status: 'finished', result: answer })).whose).toBe('probe')
    expect(rowStatus(row({ probe: probes.here, status: 'finished', result: answer })).whose).toBe('this server')
  })

  it('tells a probe that could not run the tool from a probe lost on the way, with their reasons', () => {
    const notRun = row({ probe: probes.paris, status: 'failed', error: 'mtr is not installed on this probe' })
    expect(rowStatusText(rowStatus(notRun))).toBe('Not run (probe): mtr is not installed on this probe')
    const lost = row({ probe: probes.frankfurt, status: 'probe-lost', error: 'The probe disconnected' })
    expect(rowStatusText(rowStatus(lost))).toBe('Probe lost: The probe disconnected')
    expect(rowStatus(lost).tone).toBe('failed')
  })
})
