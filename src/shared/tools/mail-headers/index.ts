// The email header analyzer's contract: what the server, the CLI and the history read of it.
import { type Expected, refused, SPELLINGS, type Spelling } from '../../input-spellings.ts'
import { defineToolContract } from '../contract.ts'
import { headerMessages } from './input.ts'
import { mailHeadersLines } from './lines.ts'
import { mailHeadersRequest, mailHeadersResult } from './schema.ts'

export const mailHeadersContract = defineToolContract({
  id: 'mail-headers',
  request: mailHeadersRequest,
  result: mailHeadersResult,
  lines: mailHeadersLines,
  example: {
    input:
      'Received: from mail.example.com (mail.example.com [203.0.113.7])\n by mx.example.net with ESMTPS id 1; Fri, 27 Nov 2026 10:00:02 +0000\nFrom: a@example.com\nSubject: hello\nDate: Fri, 27 Nov 2026 10:00:00 +0000\nMessage-ID: <1@example.com>',
  },
  cli: {
    argument: '<headers>',
    options: [],
  },
  // No spelling of a host is a message's headers: every one is refused, the empty field asks for them.
  inputRule: {
    expected: {
      ...(Object.fromEntries(Object.keys(SPELLINGS).map((s) => [s, refused(headerMessages.noHeaders)])) as Record<
        Spelling,
        Expected
      >),
      empty: refused(headerMessages.blank),
    },
  },
})
