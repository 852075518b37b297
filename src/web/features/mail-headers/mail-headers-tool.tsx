import { mailHeadersRequest, mailHeadersResult } from '../../../shared/tools/mail-headers/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { MailHeadersView } from './mail-headers-view.tsx'

/** Email header analyzer: pasted headers in a text area (kept out of the address), the report drawn as tables. */
export const tool = defineTool({
  input: { schema: mailHeadersRequest.shape.input, multiline: true },
  result: mailHeadersResult,
  View: MailHeadersView,
  warning: (result) =>
    result.anomalies.length > 0
      ? `${result.anomalies.length} ${result.anomalies.length === 1 ? 'anomaly' : 'anomalies'} found`
      : undefined,
})
