// What the features and the catalogue use of the tool panel, the machinery every tool's panel is built
// on (it imports no feature): the panel itself, the row the page draws under its output, the message
// line under a form's main field, the probe option fields, the live-view contract of streamed runs,
// the event-stream reader and the slot for runs from other places, and the query parameters of a
// run's stored options. Everything else in this folder is its own business.
export { AfterAnswerContext, type AfterAnswerProps } from './after-answer.ts'
export { FieldMessage, fieldMessageProps } from './field-message.tsx'
export { ProbeFields } from './probe-fields.tsx'
export { type RemoteRuns, RemoteRunsContext } from './remote-runs.ts'
export { optionsQuery } from './run-entries.ts'
export type { ToolRunRequest } from './stream-tool.ts'
export { ToolPanel } from './tool-panel.tsx'
export { urlOptions } from './url-options.ts'
