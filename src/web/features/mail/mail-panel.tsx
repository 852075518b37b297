import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { mailRequest, mailResult } from '../../../shared/tools/mail.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { MailReport } from './mail-report.tsx'

function renderReport(answer: ToolAnswer) {
  const parsed = mailResult.safeParse(answer.result)
  return parsed.success ? <MailReport result={parsed.data} /> : null
}

/** Mail test: a domain (or a mail server's IP); checks, mail servers and their SMTP dialogues. */
export function MailPanel(props: PanelProps) {
  return <ToolPanel {...props} inputSchema={mailRequest.shape.input} renderDetails={renderReport} />
}
