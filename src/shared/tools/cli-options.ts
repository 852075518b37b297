// Command-line options several tools share (the CLI's flags for an address family and a port).
import type { ToolOption } from './contract.ts'

export const familyOption: ToolOption = {
  flags: '-f, --family <4|6>',
  description: 'address family used for a name',
  key: 'family',
  kind: 'family',
  choices: ['4', '6'],
}

export const portOption = (description: string): ToolOption => ({
  flags: '-p, --port <port>',
  description,
  key: 'port',
  kind: 'integer',
})
