// Copying and saving a tool's answer: the text a person sees, or the whole answer as a JSON file.
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'

/** The answer as text: its lines (after the error, when it failed), else its result as JSON. */
export function answerText(answer: ToolAnswer): string {
  const body = answer.lines.length > 0 ? answer.lines.join('\n') : JSON.stringify(answer.result, null, 2)
  return answer.status === 'failed' && answer.error ? `${answer.error}\n${body}` : body
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

/** e.g. "nettoolbox-dns-example.com-20260102-030405.json" (UTC time); any tool's result file. */
export function resultFileName(tool: string, input: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  const name = slug(input)
  return `nettoolbox-${tool}${name ? `-${name}` : ''}-${stamp}.json`
}

export function answerFileName(answer: ToolAnswer, at: Date): string {
  return resultFileName(answer.tool, answer.input, at)
}

export function toJsonText(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`
}

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; formulas defused for
 * spreadsheets. A field starting with any character a spreadsheet may read as the start of a formula
 * (= + - @, and a tab or carriage return in front of one) gets a leading apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Saves text as a file through the browser's download. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Saves data as a JSON file through the browser's download. */
export function downloadJson(data: unknown, fileName: string): void {
  downloadText(toJsonText(data), fileName, 'application/json')
}

/** Writes text to the clipboard; falls back to a hidden text area where the Clipboard API is missing (plain HTTP). */
export async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('The browser refused to copy')
}
