// The nettoolbox command line: global options, one command per tool, `phone` and `completion`.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { TOOL_IDS } from '../../src/shared/catalogue.ts'
import { isMeasurementTool, MEASUREMENT_MAX_LIMIT } from '../../src/shared/measurements.ts'
import packageJson from '../package.json' with { type: 'json' }
import type { ClientSettings } from './client.ts'
import { completionScript, SHELLS, type Shell } from './completion.ts'
import { EXIT } from './outcome.ts'
import { runPhoneCommand } from './run-phone.ts'
import { type Io, type OutputSettings, runToolCommand } from './run-tool.ts'
import { commandOf, describeTool, type ToolOption } from './tools.ts'

export const DEFAULT_SERVER = 'http://localhost:8080'
export const DEFAULT_TIMEOUT_SECONDS = 120

function wholeNumber(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number')
  return Number(value)
}

function seconds(value: string): number {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('must be a number of seconds above 0')
  return number
}

function httpUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidArgumentError('must be an address like http://localhost:8080')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('must be http or https')
  return value.replace(/\/+$/, '')
}

/** "DE, AS13335,Frankfurt" -> ["DE", "AS13335", "Frankfurt"]: each entry a place to measure from. */
function locationList(value: string): string[] {
  const locations = value
    .split(',')
    .map((place) => place.trim())
    .filter(Boolean)
  if (locations.length === 0) throw new InvalidArgumentError('name at least one place, e.g. DE,AS13335 or any')
  return locations
}

/** --from and --limit: a multi-location measurement by the probes (docs/cli.md, "Locations"). */
function measurementOptions(): Option[] {
  return [
    new Option(
      '--from <locations>',
      'measure from probes at these places, comma-separated: country, city, continent, region, AS number, network, any or local',
    ).argParser(locationList),
    new Option('--limit <n>', `probes per place with --from (1-${MEASUREMENT_MAX_LIMIT}, default 1)`).argParser(
      wholeNumber,
    ),
  ]
}

function toolOption(spec: ToolOption): Option {
  const option = new Option(spec.flags, spec.description)
  if (spec.kind === 'integer') return option.argParser(wholeNumber)
  if (spec.kind === 'family') return option.choices(['4', '6']).argParser((v) => Number(v.trim()))
  if (spec.choices) option.choices(spec.choices)
  // Completion reads argChoices; a suggested value is not enforced here (the request schema is).
  else if (spec.suggestions) option.argChoices = [...spec.suggestions]
  return option
}

interface GlobalOptions {
  server: string
  token?: string
  json?: boolean
  share?: boolean
  timeout: number
}

function settingsOf(command: Command): ClientSettings & OutputSettings {
  const options = command.optsWithGlobals<GlobalOptions>()
  return {
    server: options.server,
    token: options.token || undefined,
    timeoutMs: options.timeout * 1000,
    json: options.json === true,
    share: options.share === true,
  }
}

export function buildProgram(io: Io, finish: (code: number) => void): Command {
  const program = new Command('nettoolbox')
    .description('Run NetToolbox network diagnostics on a NetToolbox server from the command line.')
    .version(packageJson.version, '-V, --version')
    .addOption(
      new Option('-s, --server <url>', 'NetToolbox server to ask')
        .env('NETTOOLBOX_URL')
        .default(DEFAULT_SERVER)
        .argParser(httpUrl),
    )
    .addOption(new Option('--token <token>', 'API token, sent as Authorization: Bearer').env('NETTOOLBOX_TOKEN'))
    .option('--json', 'print the whole answer as JSON instead of text lines')
    .option('--share', 'save the result on the server and print its permalink')
    .addOption(
      new Option('--timeout <seconds>', 'give up when the server has not answered by then')
        .default(DEFAULT_TIMEOUT_SECONDS)
        .argParser(seconds),
    )
    .configureOutput({
      writeOut: (text) => io.out(text.replace(/\n$/, '')),
      writeErr: (text) => io.err(text.replace(/\n$/, '')),
    })
    .exitOverride()

  for (const id of TOOL_IDS) {
    const tool = commandOf(id)
    const command = program.command(id).description(describeTool(id))
    if (tool.argument) command.argument(tool.argument)
    for (const spec of tool.options) command.addOption(toolOption(spec))
    if (isMeasurementTool(id)) for (const option of measurementOptions()) command.addOption(option)
    command.action(async (...args: unknown[]) => {
      const self = args.at(-1) as Command
      const input = tool.argument ? (args[0] as string) : undefined
      const given = self.opts()
      const options: Record<string, unknown> = {}
      for (const spec of tool.options) {
        const value = given[self.options.find((o) => o.flags === spec.flags)?.attributeName() ?? spec.key]
        if (value !== undefined) options[spec.key] = value
      }
      const targeting = given.from
        ? { locations: given.from as string[], limit: given.limit as number | undefined }
        : undefined
      if (!targeting && given.limit !== undefined) {
        io.err(`nettoolbox ${id}: --limit counts probes per place: use it with --from`)
        return finish(EXIT.problem)
      }
      finish(await runToolCommand(tool, input, options, settingsOf(self), io, targeting))
    })
  }

  program
    .command('phone')
    .description('Look up a phone number: validity, location, carrier and spam reports')
    .argument('<number>')
    .action(async (phoneNumber: string, _options: unknown, self: Command) => {
      finish(await runPhoneCommand(phoneNumber, settingsOf(self), io))
    })

  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(program.createArgument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action((shell: Shell) => {
      io.out(completionScript(program, shell).replace(/\n$/, ''))
      finish(EXIT.ok)
    })

  return program
}

/** Runs the command line and answers its exit code: 0 ok, 1 the target failed, 2 anything else. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  let code: number = EXIT.problem
  const program = buildProgram(io, (result) => {
    code = result
  })
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    // Help and version end with 0; every usage error (unknown option, bad value) is bad input.
    return error.exitCode === 0 ? EXIT.ok : EXIT.problem
  }
  return code
}
