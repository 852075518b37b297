// Settings of the server this page came from, as opposed to the bundle's build-time config.ts. The
// server writes them into every page as <meta name="ntb:…"> tags; the server-side renderer is handed
// the same values (setServerSiteSettings), so the first screen and the hydrated app agree.

export interface SiteSettings {
  /** Where the header's Report Issue link points; absent when the operator named no address. */
  reportIssueUrl?: string
}

export const SITE_SETTING_META = { reportIssueUrl: 'ntb:report-issue-url' } as const

let serverSettings: SiteSettings = {}

/** For the server-side renderer only: the settings the server also writes into the page. */
export function setServerSiteSettings(settings: SiteSettings): void {
  serverSettings = settings
}

function fromPage(name: string): string | undefined {
  const value = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')
  return value ? value : undefined
}

export function siteSettings(): SiteSettings {
  if (typeof document === 'undefined') return serverSettings
  return { reportIssueUrl: fromPage(SITE_SETTING_META.reportIssueUrl) }
}
