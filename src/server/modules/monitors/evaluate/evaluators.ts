// Each monitor kind: the tool request it sends (the same as POST /api/tools/:id) and how the answer
// is judged.
import type { MonitorKind, MonitorSettings } from '../../../../shared/monitors.ts'
import { evaluateBlacklist } from './blacklist.ts'
import { evaluateDns } from './dns.ts'
import { evaluateMail } from './mail.ts'
import { evaluatePing } from './ping.ts'
import { evaluateSsl } from './ssl.ts'
import type { Evaluator } from './verdict.ts'
import { evaluateWebsite } from './website.ts'

export interface KindRules<K extends MonitorKind> {
  request(target: string, settings: MonitorSettings[K]): { input: string; options?: object }
  // biome-ignore lint/suspicious/noExplicitAny: each kind judges its own tool's result type.
  evaluate: Evaluator<MonitorSettings[K], any>
}

export const KIND_RULES: { [K in MonitorKind]: KindRules<K> } = {
  ssl: { request: (input) => ({ input }), evaluate: evaluateSsl },
  blacklist: { request: (input) => ({ input }), evaluate: evaluateBlacklist },
  dns: { request: (input, settings) => ({ input, options: { type: settings.type } }), evaluate: evaluateDns },
  website: { request: (input) => ({ input }), evaluate: evaluateWebsite },
  mail: { request: (input) => ({ input }), evaluate: evaluateMail },
  ping: { request: (input) => ({ input }), evaluate: evaluatePing },
}
