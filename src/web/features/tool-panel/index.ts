// What other features may use of the tool panel: the panel itself, the probe option fields and the
// live-view contract of streamed runs. Everything else in this folder is its own business.
export { ProbeFields } from './probe-fields.tsx'
export { ToolPanel } from './tool-panel.tsx'
export { urlOptions } from './url-options.ts'
