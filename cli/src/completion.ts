// Shell completion scripts for bash, zsh and fish, written from the commander program itself so a
// new command or option completes without further work.
import type { Command, Option } from 'commander'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

interface FlagSpec {
  long?: string
  short?: string
  description: string
  takesValue: boolean
  choices: readonly string[]
}

interface CommandSpec {
  name: string
  description: string
  flags: FlagSpec[]
}

function flagOf(option: Option): FlagSpec {
  return {
    long: option.long,
    short: option.short,
    description: option.description,
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
  }
}

function describe(program: Command) {
  const help: FlagSpec = { long: '--help', short: '-h', description: 'show help', takesValue: false, choices: [] }
  const global = [...program.options.map(flagOf), help]
  const commands: CommandSpec[] = program.commands.map((command) => ({
    name: command.name(),
    description: command.description(),
    flags: command.options.map(flagOf),
  }))
  return { name: program.name(), global, commands }
}

const words = (flag: FlagSpec) => [flag.long, flag.short].filter((w): w is string => Boolean(w))
const plain = (text: string) => text.replace(/[[\]:'"`$\\]/g, '')

function bashScript(spec: ReturnType<typeof describe>): string {
  const fn = `_${spec.name.replace(/\W/g, '_')}`
  const valueFlags = [...spec.global, ...spec.commands.flatMap((c) => c.flags)].filter((f) => f.takesValue)
  const valuePattern = [...new Set(valueFlags.flatMap(words))].join('|') || '--none'
  const choiceCases = (flags: FlagSpec[]) =>
    flags
      .filter((f) => f.choices.length > 0)
      .map(
        (f) => `        ${words(f).join('|')}) COMPREPLY=($(compgen -W "${f.choices.join(' ')}" -- "$cur")); return ;;`,
      )
      .join('\n')
  const globalWords = spec.global.flatMap(words).join(' ')
  const commandCases = spec.commands
    .map((c) => {
      const choices = choiceCases([...c.flags, ...spec.global])
      return [
        `    ${c.name})`,
        '      case "$prev" in',
        ...(choices ? [choices] : []),
        '      esac',
        `      COMPREPLY=($(compgen -W "${[...c.flags.flatMap(words), globalWords].join(' ')}" -- "$cur")) ;;`,
      ].join('\n')
    })
    .join('\n')
  return `# bash completion for ${spec.name}: eval "$(${spec.name} completion bash)"
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${valuePattern}) ((i++)) ;;
      -*) ;;
      *) cmd="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  case "$cmd" in
    "")
      case "$prev" in
${choiceCases(spec.global)}
      esac
      COMPREPLY=($(compgen -W "${spec.commands.map((c) => c.name).join(' ')} ${globalWords}" -- "$cur")) ;;
${commandCases}
  esac
}
complete -o default -F ${fn} ${spec.name}
`
}

function zshFlag(flag: FlagSpec): string {
  const names = words(flag)
  const head = names.length > 1 ? `(${names.join(' ')})'{${names.join(',')}}'` : names[0]
  const value = flag.takesValue ? `:value:${flag.choices.length > 0 ? `(${flag.choices.join(' ')})` : ''}` : ''
  return `'${head}[${plain(flag.description)}]${value}'`
}

function zshScript(spec: ReturnType<typeof describe>): string {
  const fn = `_${spec.name.replace(/\W/g, '_')}`
  const globals = spec.global.map(zshFlag).join(' ')
  const cases = spec.commands
    .map(
      (c) => `        ${c.name}) _arguments ${[...c.flags.map(zshFlag), globals].join(' ')} '*:argument:_default' ;;`,
    )
    .join('\n')
  return `#compdef ${spec.name}
# zsh completion for ${spec.name}: eval "$(${spec.name} completion zsh)"
${fn}() {
  local curcontext="$curcontext" state line
  local -a commands
  commands=(
${spec.commands.map((c) => `    '${c.name}:${plain(c.description)}'`).join('\n')}
  )
  _arguments -C ${globals} '1:command:->command' '*::argument:->argument'
  case $state in
    command) _describe command commands ;;
    argument)
      case $words[1] in
${cases}
      esac ;;
  esac
}
compdef ${fn} ${spec.name}
`
}

function fishScript(spec: ReturnType<typeof describe>): string {
  const line = (flag: FlagSpec, condition?: string) => {
    const parts = [`complete -c ${spec.name}`]
    if (condition) parts.push(`-n '${condition}'`)
    if (flag.short) parts.push(`-s ${flag.short.replace(/^-/, '')}`)
    if (flag.long) parts.push(`-l ${flag.long.replace(/^--/, '')}`)
    if (flag.takesValue) parts.push(flag.choices.length > 0 ? `-x -a '${flag.choices.join(' ')}'` : '-r')
    parts.push(`-d '${plain(flag.description)}'`)
    return parts.join(' ')
  }
  const names = spec.commands.map((c) => c.name).join(' ')
  return [
    `# fish completion for ${spec.name}: ${spec.name} completion fish | source`,
    `complete -c ${spec.name} -f`,
    ...spec.commands.map(
      (c) =>
        `complete -c ${spec.name} -n 'not __fish_seen_subcommand_from ${names}' -a ${c.name} -d '${plain(c.description)}'`,
    ),
    ...spec.global.map((f) => line(f)),
    ...spec.commands.flatMap((c) => c.flags.map((f) => line(f, `__fish_seen_subcommand_from ${c.name}`))),
    '',
  ].join('\n')
}

export function completionScript(program: Command, shell: Shell): string {
  const spec = describe(program)
  if (shell === 'bash') return bashScript(spec)
  if (shell === 'zsh') return zshScript(spec)
  return fishScript(spec)
}
