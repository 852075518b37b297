import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import type { OutputState } from '../components/output-box.tsx'
import { AfterAnswerContext, type AfterAnswerProps } from './after-answer.ts'
import { type LiveView, ToolOutput } from './tool-output.tsx'

const answer: ToolAnswer = {
  tool: 'ping',
  input: 'srv.lab.test',
  status: 'ok',
  result: {},
  lines: ['1 packets'],
  durationMs: 5,
}
const loading: OutputState = { kind: 'loading' }
const success: OutputState = { kind: 'success', lines: answer.lines, answer }
const render = (progress: unknown[], done: ToolAnswer | undefined) => (
  <p>{done ? 'final view' : `${progress.length} events so far`}</p>
)

function html(state: OutputState, progress: unknown[], live?: LiveView, data?: ToolAnswer) {
  return renderToStaticMarkup(
    <ToolOutput toolName="Ping" state={state} answer={data} progress={progress} live={live} />,
  )
}

describe('ToolOutput', () => {
  it('shows the loading line until a streamed run sends its first event', () => {
    const markup = html(loading, [], { render })
    expect(markup).toContain('Running Ping...')
    expect(markup).not.toContain('events so far')
  })

  it('shows the live view inside the output box with a running line once events arrive', () => {
    const markup = html(loading, [{}, {}], { render })
    expect(markup).toContain('2 events so far')
    expect(markup).toContain('Running Ping...')
    expect(markup).toContain('Output')
  })

  it('puts a replacing live view in place of the output box from the start of the run', () => {
    const markup = html(loading, [], { render, placement: 'replace' })
    expect(markup).toContain('0 events so far')
    expect(markup).not.toContain('Running Ping...')
    expect(markup).not.toContain('Output')
  })

  it('shows the live view of the answer above its lines at the end', () => {
    const markup = html(success, [{}], { render, placement: 'replace' }, answer)
    expect(markup).toContain('final view')
    expect(markup).toContain('1 packets')
  })

  it('shows the structured view of a plain run above its lines', () => {
    const markup = renderToStaticMarkup(
      <ToolOutput toolName="Ping" state={success} answer={answer} progress={[]} renderDetails={() => <p>details</p>} />,
    )
    expect(markup.indexOf('details')).toBeLessThan(markup.indexOf('1 packets'))
  })

  it("hands a failed run's answer to the row the page draws under the output, and draws none without one", () => {
    const failed: ToolAnswer = {
      ...answer,
      status: 'failed',
      failureSource: 'target',
      error: '100% packet loss',
      runId: 'r1',
    }
    const state: OutputState = { kind: 'error', message: '100% packet loss', lines: [], answer: failed }
    const Row = ({ tool, answer: shown }: AfterAnswerProps) => (
      <p>
        row for {tool}: {shown?.status} {shown?.runId}
      </p>
    )
    const output = <ToolOutput toolId="ping" toolName="Ping" state={state} answer={undefined} progress={[]} />
    const markup = renderToStaticMarkup(<AfterAnswerContext.Provider value={Row}>{output}</AfterAnswerContext.Provider>)
    expect(markup).toContain('<p>row for ping: failed r1</p>')
    expect(renderToStaticMarkup(output)).not.toContain('row for')
  })
})
