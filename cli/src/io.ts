// What a command prints to, and how: shared by every command's runner.

export interface OutputSettings {
  json: boolean
  share: boolean
}

/** Where text goes: stdout lines, stderr lines, and a passing status (shown on terminals only). */
export interface Io {
  out(line: string): void
  err(line: string): void
  status(text: string): void
}
