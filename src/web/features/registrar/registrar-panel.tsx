import { ArrowRight, BadgeDollarSign, EyeOff, Lock, ReceiptText } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { Card } from '../../components/card.tsx'
import { ExternalLink } from '../../components/external-link.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { webConfig } from '../../lib/config.ts'
import { type PanelProps, titleLevel } from '../../lib/panel-props.ts'
import { toolPath } from '../../lib/routes.ts'

const benefits = [
  {
    icon: BadgeDollarSign,
    title: 'At-Cost Pricing',
    text: 'You pay what the registry charges, with no markup on registration or renewal.',
  },
  {
    icon: Lock,
    title: 'Enhanced Security',
    text: 'Registrar lock, DNSSEC and two-factor account protection for your domains.',
  },
  {
    icon: EyeOff,
    title: 'WHOIS Privacy',
    text: 'Personal contact details are redacted from public WHOIS at no extra cost.',
  },
  { icon: ReceiptText, title: 'No Hidden Fees', text: 'No add-ons sold at checkout and no surprise renewal prices.' },
] as const

export function RegistrarPanel({ entry, variant, icon: EntryIcon }: PanelProps) {
  const frame = {
    title: entry.name,
    description: entry.description,
    titleAs: titleLevel(variant),
    icon: <EntryIcon className="size-5" aria-hidden="true" />,
  }
  if (variant === 'home') {
    return (
      <PanelFrame {...frame}>
        <Link to={toolPath(entry)} className={buttonClass()}>
          Learn More
          <ArrowRight aria-hidden="true" />
        </Link>
      </PanelFrame>
    )
  }
  return (
    <PanelFrame
      {...frame}
      actions={<span className="text-xs font-medium text-muted-foreground">{webConfig.registrarVersionLabel}</span>}
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full p-5 shadow-none">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
      {entry.url && (
        <ExternalLink href={entry.url} className={buttonClass({ className: 'mt-6' })}>
          Domain Search
        </ExternalLink>
      )}
    </PanelFrame>
  )
}
