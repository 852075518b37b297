import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fetchEarly, takeEarly } from './early-fetch.ts'

describe('fetchEarly() and takeEarly()', () => {
  const fetchMock = vi.fn(async () => new Response('{"probes":[]}'))
  beforeEach(() => {
    fetchMock.mockClear()
    vi.stubGlobal('fetch', fetchMock)
    // A browser page (on the server, rendering a page, nothing is fetched early).
    vi.stubGlobal('document', {})
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('hands the early answer to the first reader only', async () => {
    fetchEarly('/api/probes')
    fetchEarly('/api/probes')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/api/probes')
    expect(init).toMatchObject({ credentials: 'same-origin', headers: { accept: 'application/json' } })
    expect(init.signal).toBeInstanceOf(AbortSignal)
    const response = takeEarly('/api/probes')
    expect(await (await response)?.json()).toEqual({ probes: [] })
    expect(takeEarly('/api/probes')).toBeUndefined()
  })

  it('asks nothing where there is no page (the server rendering one)', () => {
    vi.unstubAllGlobals()
    vi.stubGlobal('fetch', fetchMock)
    fetchEarly('/api/probes')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(takeEarly('/api/probes')).toBeUndefined()
  })

  it('gives nothing for a path never started, or started too long ago', () => {
    expect(takeEarly('/api/other')).toBeUndefined()
    vi.useFakeTimers()
    fetchEarly('/api/probes')
    vi.advanceTimersByTime(10_001)
    expect(takeEarly('/api/probes')).toBeUndefined()
  })
})
