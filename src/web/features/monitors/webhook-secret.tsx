// A monitor's webhook secret, shown once (after creation or after a new one is made), with Copy and
// how a receiver checks that a webhook came from this server.
import { Copy } from 'lucide-react'
import { toast } from 'sonner'
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/monitors.ts'
import { Button } from '../../components/button.tsx'
import { copyToClipboard } from '../../lib/result-export.ts'

/** The check a webhook receiver makes, in Node.js. */
export function verificationSnippet(): string {
  return [
    "import { createHmac, timingSafeEqual } from 'node:crypto'",
    '',
    '// rawBody: the request body exactly as received (bytes, before any JSON parsing)',
    `const header = request.headers['${WEBHOOK_SIGNATURE_HEADER.toLowerCase()}'] ?? ''`,
    "const expected = 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex')",
    'const genuine = header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected))',
  ].join('\n')
}

export function WebhookSecret({ secret, monitorName }: { secret: string; monitorName: string }) {
  async function copy() {
    try {
      await copyToClipboard(secret)
      toast.success('Secret copied to clipboard')
    } catch {
      toast.error('Could not copy to the clipboard')
    }
  }
  return (
    <div role="status" className="space-y-3 rounded-lg border border-border bg-muted p-4 text-sm">
      <p className="font-medium">Copy the webhook secret of “{monitorName}” now: it will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="webhook-secret" className="min-w-0 flex-1 font-mono break-all">
          {secret}
        </code>
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy secret
        </Button>
      </div>
      <details>
        <summary className="focus-ring cursor-pointer rounded font-medium select-none">
          How to check that a webhook is genuine
        </summary>
        <div className="mt-2 space-y-2 text-muted-foreground">
          <p>
            Every webhook is a POST with a JSON body and the header{' '}
            <code className="font-mono text-foreground">{WEBHOOK_SIGNATURE_HEADER}: sha256=…</code>: the hex HMAC-SHA256
            of the raw body, keyed with this secret. Compute it over the bytes you received and compare the two in
            constant time; refuse the request when they differ.
          </p>
          <pre className="overflow-x-auto rounded-md border border-border bg-card p-3 font-mono text-xs text-foreground">
            {verificationSnippet()}
          </pre>
        </div>
      </details>
    </div>
  )
}
