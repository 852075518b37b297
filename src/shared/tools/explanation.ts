// The shape of every "why it matters / how to fix" text a tool attaches to a verdict. Each tool keeps
// its texts in its own `<tool>-explain.ts` beside its schema, so the text lines and the web view show
// the same words.

export interface ServerConfig {
  /** The line or block for nginx (server or location context). */
  nginx?: string
  /** The line or block for Apache httpd (VirtualHost or .htaccess). */
  apache?: string
}

export interface Explanation {
  /** What goes wrong for visitors or the operator while the check fails, in a sentence or two. */
  why: string
  /** What to change, in a sentence or two. */
  fix: string
  /** A configuration line that does it, where one exists. */
  config?: ServerConfig
}

/** The explanation as indented text lines, for the tools' plain-text output. */
export function explanationLines(explanation: Explanation, indent = '      '): string[] {
  const lines = [`${indent}Why: ${explanation.why}`, `${indent}Fix: ${explanation.fix}`]
  if (explanation.config?.nginx) lines.push(`${indent}nginx:  ${explanation.config.nginx}`)
  if (explanation.config?.apache) lines.push(`${indent}Apache: ${explanation.config.apache}`)
  return lines
}
