// Search-engine texts of the app's own pages (tool pages take theirs from the catalogue).
import type { DocumentMeta } from './use-document-meta.ts'

const suffix = ' | NetToolbox'

export const pageMeta = {
  home: {
    title: 'NetToolbox | Free Network Diagnostic Tools',
    description:
      'Free network diagnostics that run for real: ping, traceroute, DNS, whois, SSL/TLS, geolocation, blacklist, mail and website checks.',
    keywords: 'network tools, ping, traceroute, dns lookup, whois, ssl check, ip geolocation, blacklist check',
  },
  auth: {
    title: `Sign In${suffix}`,
    description: 'Sign in or create a free NetToolbox account to keep a private history of your tool results.',
    keywords: 'sign in, sign up, account, password reset',
  },
  benefits: {
    title: `Benefits${suffix}`,
    description: 'What a free NetToolbox account adds: saved results and a private history. Every tool stays free.',
    keywords: 'free account, saved results, tool history, network tools',
  },
  dashboard: {
    title: `Dashboard${suffix}`,
    description: 'Your NetToolbox account: email, membership date, password and tool history.',
    keywords: 'dashboard, account, tool history',
  },
  notFound: {
    title: `Page not found${suffix}`,
    description: 'This page does not exist. Return to the NetToolbox home page for every network tool.',
    keywords: 'page not found, 404',
  },
} as const satisfies Record<string, Required<DocumentMeta>>
