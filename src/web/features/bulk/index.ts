// What the catalogue uses of bulk mode: the switch between a tool's single and bulk panels.
export { BulkModes } from './bulk-modes.tsx'
