import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { packetLossFor } from './engine/packet-loss.ts'
import { reportFixture } from './engine/report-fixture.ts'
import { PacketLossNote } from './packet-loss-note.tsx'

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')

describe('PacketLossNote', () => {
  it('says packet loss was not measured and why, and shows no percentage', () => {
    const { result } = reportFixture({ packetLoss: packetLossFor('ours') })
    const text = textOf(renderToStaticMarkup(<PacketLossNote result={result} />))
    expect(text).toBe(
      'Packet loss: not measured — browsers can only measure it over UDP, which this server does not offer.',
    )
    expect(text).not.toContain('%')
  })

  it('shows nothing for a result saved before packet loss was reported on', () => {
    expect(renderToStaticMarkup(<PacketLossNote result={reportFixture().result} />)).toBe('')
  })
})
