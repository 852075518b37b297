import { describe, expect, it } from 'vitest'
import { replySummary, replyText, splitReplies } from './smtp-reply.ts'

describe('splitReplies()', () => {
  it('joins continuation lines into one reply ending at the line with a space after the code', () => {
    const split = splitReplies('250-mx.example.com Hello\r\n250-PIPELINING\r\n250 SIZE 1000\r\n')
    expect(split).toEqual({
      replies: [{ code: 250, lines: ['250-mx.example.com Hello', '250-PIPELINING', '250 SIZE 1000'] }],
      rest: '',
    })
  })

  it('keeps an unfinished multi-line reply for the next chunk', () => {
    const first = splitReplies('220-mx.example.com ESMTP\r\n220-please wait')
    expect(first.replies).toEqual([])
    const second = splitReplies(`${first.rest}\r\n220 ready\r\n`)
    expect(second.replies).toEqual([{ code: 220, lines: ['220-mx.example.com ESMTP', '220-please wait', '220 ready'] }])
  })

  it('returns several replies sent together, and accepts bare LF line ends and a code without text', () => {
    const split = splitReplies('250 Ok\n221\n354 go')
    expect(split.replies).toEqual([
      { code: 250, lines: ['250 Ok'] },
      { code: 221, lines: ['221'] },
    ])
    expect(split.rest).toBe('354 go')
  })

  it('reports text that is not an SMTP reply', () => {
    expect(splitReplies('HTTP/1.1 400 Bad Request\r\n').error).toBe('not an SMTP reply: HTTP/1.1 400 Bad Request')
  })

  it('reports a continuation line whose code changes', () => {
    expect(splitReplies('250-first\r\n251 second\r\n').error).toBe('not an SMTP reply: 251 second')
  })

  it('reports a reply that never ends', () => {
    expect(splitReplies('250-x\r\n'.repeat(201)).error).toBe('reply longer than 200 lines')
  })
})

describe('replyText() and replySummary()', () => {
  const reply = { code: 554, lines: ['554-5.7.1 Relaying denied', '554 see the policy'] }

  it('joins the text of every line without codes', () => {
    expect(replyText(reply)).toBe('5.7.1 Relaying denied see the policy')
  })

  it('summarises with the last line', () => {
    expect(replySummary(reply)).toBe('554 see the policy')
  })
})
