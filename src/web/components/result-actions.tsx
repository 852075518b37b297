import { Check, Copy, Download } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import type { ToolAnswer } from '../../shared/tools/common.ts'
import { answerText, copyToClipboard, downloadAnswer } from '../lib/result-export.ts'

const action =
  'focus-ring inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-sans text-xs font-medium text-zinc-300 transition-colors hover:bg-zinc-800 hover:text-zinc-50 [&_svg]:size-3.5'

/** Copy the result as text, or save the whole answer as a JSON file. */
export function ResultActions({ answer }: { answer: ToolAnswer }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), 2000)
    return () => window.clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await copyToClipboard(answerText(answer))
      setCopied(true)
      toast.success('Copied to clipboard')
    } catch {
      toast.error('Could not copy to the clipboard')
    }
  }

  return (
    <div className="flex items-center gap-1">
      <button type="button" className={action} onClick={copy}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <button type="button" className={action} onClick={() => downloadAnswer(answer)}>
        <Download aria-hidden="true" />
        Download JSON
      </button>
    </div>
  )
}
