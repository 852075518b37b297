import { Check, Copy, Download } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { copyToClipboard, downloadJson } from '../lib/result-export.ts'
import { ShareButton } from './share-button.tsx'

export interface ResultActionsProps {
  /** What "Copy" puts on the clipboard: the result as the page shows it. */
  text: string
  /** What "Download JSON" saves. */
  data: unknown
  fileName: string
  /** "dark" on the dark output box; "default" on cards of the current theme. */
  tone?: 'dark' | 'default'
  /** The stored run of a tool answer: offers Share. */
  runId?: string
}

const tones = {
  dark: 'text-zinc-300 hover:bg-zinc-800 hover:text-zinc-50',
  default: 'text-muted-foreground hover:bg-muted hover:text-foreground',
}

/** Copy a result as text, or save it as a JSON file: offered with every result. */
export function ResultActions({ text, data, fileName, tone = 'default', runId }: ResultActionsProps) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), 2000)
    return () => window.clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await copyToClipboard(text)
      setCopied(true)
      toast.success('Copied to clipboard')
    } catch {
      toast.error('Could not copy to the clipboard')
    }
  }

  const action = `focus-ring inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-sans text-xs font-medium transition-colors [&_svg]:size-3.5 ${tones[tone]}`
  return (
    <div className="flex items-center gap-1">
      {runId && <ShareButton runId={runId} className={action} />}
      <button type="button" className={action} onClick={copy}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <button type="button" className={action} onClick={() => downloadJson(data, fileName)}>
        <Download aria-hidden="true" />
        Download JSON
      </button>
    </div>
  )
}
