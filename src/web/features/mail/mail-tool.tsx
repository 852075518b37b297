import { mailRequest, mailResult, summarizeMailChecks } from '../../../shared/tools/mail/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { MailReport } from './mail-report.tsx'

/** Mail test: a domain (or a mail server's IP); checks, mail servers and their SMTP dialogues. */
export const tool = defineTool({
  input: { schema: mailRequest.shape.input },
  result: mailResult,
  View: MailReport,
  // A test with failed checks is never toasted as a success.
  warning: (result) => {
    const { failed } = summarizeMailChecks(result.checks)
    return failed > 0 ? `${failed} check${failed === 1 ? '' : 's'} failed` : undefined
  },
})
