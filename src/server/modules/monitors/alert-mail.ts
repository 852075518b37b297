// The alert mail of a state change: what changed, the check's sentence, and the result's permalink.
import type { Mail } from '../mail/mailer.ts'
import type { MonitorRecord } from './monitors-repository.ts'

export function alertMail(
  to: string,
  monitor: Pick<MonitorRecord, 'id' | 'name' | 'kind' | 'target'>,
  kind: 'problem' | 'recovered',
  details: { summary: string; at: number; resultUrl: string | null; publicUrl: string },
): Mail {
  const headline = kind === 'problem' ? 'Problem' : 'Recovered'
  const lines = [
    kind === 'problem'
      ? `Your monitor "${monitor.name}" found a problem with ${monitor.target}.`
      : `Your monitor "${monitor.name}" finds ${monitor.target} healthy again.`,
    '',
    details.summary,
    '',
    `Checked: ${new Date(details.at).toISOString()} (${monitor.kind} monitor)`,
    details.resultUrl ? `The full result: ${details.resultUrl}` : 'The full result could not be stored.',
    `The monitor: ${new URL(`/monitors/${encodeURIComponent(monitor.id)}`, details.publicUrl).href}`,
    '',
    'You receive this mail because alert mails are on for this monitor; switch them off in its settings.',
  ]
  return { to, subject: `${headline}: ${monitor.name} (${monitor.target})`, text: `${lines.join('\n')}\n` }
}
