import {
  Activity, ArrowLeftRight, Bot, Cloud, ClockFading, Compass, FileSearch, Gauge, Globe, LayoutDashboard, Mail,
  MapPin, MonitorCheck, Network, Newspaper, Phone, Radar, type LucideIcon, SearchCode, Server, ShieldBan,
  ShieldCheck, ShieldExclamationPoint, SquareTerminal, Waypoints, Wifi, Wrench,
} from 'lucide-react'

const icons: Record<string, LucideIcon> = {
  ping: Activity,
  traceroute: Waypoints,
  whois: FileSearch,
  dns: Globe,
  rdns: ArrowLeftRight,
  ssl: ShieldCheck,
  geolocation: MapPin,
  blacklist: ShieldBan,
  'website-check': MonitorCheck,
  asn: Network,
  abuse: ShieldExclamationPoint,
  cloudflare: Cloud,
  'cf-speedtest': Gauge,
  mail: Mail,
  whatismyip: Wifi,
  speedtest: Radar,
  'control-panel': LayoutDashboard,
  diggui: SquareTerminal,
  centralops: Compass,
  ifconfig: Server,
  grok: Bot,
  'phone-lookup': Phone,
  'advanced-whois': SearchCode,
  'tech-room': Newspaper,
  history: ClockFading,
}

export function ToolIcon({ id, className = 'size-5' }: { id: string; className?: string }) {
  const Icon = icons[id] ?? Wrench
  return <Icon className={className} aria-hidden="true" />
}
