// What other parts of the web app may use of the monitors feature: "Watch this" under a tool's result,
// and the screens of the monitors pages.
export { MonitorDetail } from './monitor-detail.tsx'
export { MonitorsScreen } from './monitors-screen.tsx'
export { NeedsAccount } from './needs-account.tsx'
export { WatchThis } from './watch-this.tsx'
