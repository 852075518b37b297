// What other features may use of the monitors feature: "Watch this" under a tool's result. It stays
// light (the form loads when opened); the monitors pages import their screens from their own files.
export { WatchThis } from './watch-this.tsx'
