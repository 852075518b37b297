import { buttonClass } from '../../components/button.tsx'
import { ExternalLink } from '../../components/external-link.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { type PanelProps, titleLevel } from '../../lib/panel-props.ts'
import { EmbeddedFrame } from './embedded-frame.tsx'

function hostOf(url: string): string {
  return new URL(url).host
}

/** Entries served by another site: embedded in a frame (embed, speed) or opened in a new tab (link). */
export function ExternalPanel({ entry, variant, icon: Icon }: PanelProps) {
  const { url } = entry
  const embedded = entry.kind === 'embed' || entry.kind === 'speed'
  const openLink = url && (
    <ExternalLink href={url} className={buttonClass({ variant: embedded ? 'outline' : 'primary' })}>
      {embedded ? 'Open in new tab' : `Open ${entry.name}`}
    </ExternalLink>
  )

  return (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<Icon className="size-5" aria-hidden="true" />}
      actions={embedded ? openLink : undefined}
    >
      {!url && <p className="text-sm text-muted-foreground">{entry.name} is not available yet.</p>}
      {url && embedded && <EmbeddedFrame url={url} title={entry.name} openLink={openLink} />}
      {url && !embedded && (
        <div className="flex flex-wrap items-center gap-3">
          {openLink}
          <span className="text-sm text-muted-foreground">Opens {hostOf(url)} in a new tab.</span>
        </div>
      )}
    </PanelFrame>
  )
}
