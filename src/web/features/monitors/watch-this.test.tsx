import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { unwatchableReason, WatchThis, watchOffer } from './watch-this.tsx'

const answer = (changes: Partial<ToolAnswer> = {}): ToolAnswer => ({
  tool: 'ping',
  input: 'router.example',
  status: 'ok',
  result: null,
  lines: [],
  durationMs: 5,
  runId: 'run-1',
  ...changes,
})

describe('WatchThis', () => {
  it('has no row under a tool no monitor runs', () => {
    expect(renderToStaticMarkup(<WatchThis tool="whois" answer={answer({ tool: 'whois' })} />)).toBe('')
  })

  it('keeps its row under a watchable tool before the first result, without the button', () => {
    const html = renderToStaticMarkup(<WatchThis tool="ping" answer={undefined} />)
    expect(html).toContain('Run the check, then watch its result.')
    expect(html).not.toContain('Watch this')
  })

  it('offers Watch this, collapsed, for a stored answer, also a failed one', () => {
    for (const shown of [answer(), answer({ status: 'failed', failureSource: 'target' })]) {
      const html = renderToStaticMarkup(<WatchThis tool="ping" answer={shown} />)
      expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Watch this<\/button>/)
      expect(html).not.toContain('Run the check, then watch its result.')
    }
  })
})

describe('watchOffer()', () => {
  it('follows the run: before it, after a success, after a failure', () => {
    expect(watchOffer(undefined)).toBe('Run the check, then watch its result.')
    expect(watchOffer(answer())).toBe('Get an alert when this result changes.')
    expect(watchOffer(answer({ status: 'failed', failureSource: 'target' }))).toBe(
      'This check failed. Watch it to get an alert when it works again.',
    )
  })

  it('says why a refused run cannot be watched, failed as it is', () => {
    expect(watchOffer(answer({ status: 'failed', failureSource: 'policy' }))).toBe(
      'A target the policy refuses cannot be watched.',
    )
  })
})

describe('unwatchableReason()', () => {
  it('says why a refused or unstored run cannot be watched', () => {
    expect(unwatchableReason(answer({ status: 'failed', failureSource: 'policy' }))).toBe(
      'A target the policy refuses cannot be watched.',
    )
    expect(unwatchableReason(answer({ runId: undefined }))).toBe('This run was not stored, so it cannot be watched.')
    expect(unwatchableReason(answer())).toBeNull()
  })
})
