// What other features may use of the tool panel: the panel itself, the message line under a form's
// main field, the probe option fields, the live-view contract of streamed runs, the event-stream
// reader and the slot for runs from other places, and the query parameters of a run's stored options.
// Everything else in this folder is its own business.
export { FieldMessage, fieldMessageProps } from './field-message.tsx'
export { ProbeFields } from './probe-fields.tsx'
export { type RemoteRuns, RemoteRunsContext } from './remote-runs.ts'
export { optionsQuery } from './run-entries.ts'
export type { ToolRunRequest } from './stream-tool.ts'
export { ToolPanel } from './tool-panel.tsx'
export { urlOptions } from './url-options.ts'
