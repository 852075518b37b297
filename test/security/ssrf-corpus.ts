// The SSRF corpus: attempts to make a tool reach a denied address. {HP}, {TP}, {KP}, {WP} are the
// ports where allowed peers listen on 127.0.0.65/64 and recorders on 127.0.0.1-3 and ::1.
// Expected answers:
//   invalid       400 invalid_input (refused by validation, nothing resolved)
//   policy        200, status failed, failureSource "policy"
//   { note }      200, the tool answered from allowed sources and names the denial (whois referral,
//                 RDAP service, mail host, block-list address): the answer matches `note`
//   { failed }    200, status failed with this error, nothing contacted (block lists cannot list
//                 non-public addresses, so none is asked)
export type Expectation = 'invalid' | 'policy' | { note: RegExp } | { failed: RegExp }

export interface Attempt {
  tool: string
  input: string
  options?: Record<string, unknown>
  expect: Expectation
}

const NOT_ALLOWED = /is not allowed/

// Legacy IPv4 spellings (octal, hex, short, one integer) are bad input before any policy check.
const URL_SPELLINGS: [string, Expectation][] = [
  ['http://127.0.0.2:{HP}/', 'policy'],
  ['http://127.0.0.1:{HP}/', 'policy'],
  ['http://127.1:{HP}/', 'invalid'],
  ['http://2130706434:{HP}/', 'invalid'],
  ['http://0x7f000002:{HP}/', 'invalid'],
  ['http://0177.0.0.2:{HP}/', 'invalid'],
  ['http://0x7f.0.0.2:{HP}/', 'invalid'],
  ['http://0:{HP}/', 'invalid'],
  ['http://0.0.0.0:{HP}/', 'policy'],
  ['http://[::1]:{HP}/', 'policy'],
  ['http://[::]:{HP}/', 'policy'],
  ['http://[::ffff:127.0.0.2]:{HP}/', 'policy'],
  ['http://[::ffff:7f00:2]:{HP}/', 'policy'],
  ['http://[::127.0.0.2]:{HP}/', 'policy'],
  ['http://[64:ff9b::7f00:2]:{HP}/', 'policy'],
  ['http://[2002:7f00:2::1]:{HP}/', 'policy'],
  ['http://[::ffff:169.254.169.254]/', 'policy'],
  ['http://169.254.169.254/latest/meta-data/', 'policy'],
  ['http://[fe80::1%25lo]:{HP}/', 'invalid'],
  ['http://[fe80::1]:{HP}/', 'policy'],
  ['http://[fc00::1]:{HP}/', 'policy'],
  ['http://10.0.0.1:{HP}/', 'policy'],
  ['http://100.64.0.1/', 'policy'],
  ['http://localhost:{HP}/', 'policy'],
  ['http://localhost.:{HP}/', 'policy'],
  ['http://LOCALHOST:{HP}/', 'policy'],
  ['localhost:{HP}', 'policy'],
  ['http://lo.ssrf.test:{HP}/', 'policy'],
  ['http://lo.ssrf.test.:{HP}/', 'policy'],
  ['http://lo6.ssrf.test:{HP}/', 'policy'],
  ['http://own.ssrf.test:{HP}/', 'policy'],
  ['http://mixed.ssrf.test:{HP}/', 'policy'],
  ['http://mixed6.ssrf.test:{HP}/', 'policy'],
  ['http://alias.ssrf.test:{HP}/', 'policy'],
  ['http://mapped.ssrf.test:{HP}/', 'policy'],
  ['http://nat64.ssrf.test:{HP}/', 'policy'],
  ['http://meta.ssrf.test/', 'policy'],
  ['http://ok.ssrf.test@127.0.0.2:{HP}/', 'invalid'],
  ['http://127.0.0.65:{HP}@127.0.0.2:{HP}/', 'invalid'],
  ['https://１２７.０.０.２:{TP}/', 'policy'],
  ['http://127。0。0。2:{HP}/', 'policy'],
  ['https://127.0.0.2:{TP}/', 'policy'],
]

/** Redirects from the allowed site (127.0.0.65) to denied places. */
const REDIRECT_TARGETS = [
  'http://127.0.0.2:{HP}/',
  'http://[::1]:{HP}/',
  'http://169.254.169.254/latest/meta-data/',
  'http://lo.ssrf.test:{HP}/',
  'http://2130706433:{HP}/',
  'http://ok.ssrf.test@127.0.0.2:{HP}/',
  '//127.0.0.3:{HP}/',
  'http://[::ffff:127.0.0.2]:{HP}/',
  'http://127.0.0.65:{HP}/redir?to=http://127.0.0.3:{HP}/',
]

const HOST_LITERALS: [string, Expectation][] = [
  ['127.0.0.2', 'policy'],
  ['127.000.000.002', 'invalid'],
  ['0.0.0.0', 'policy'],
  ['::1', 'policy'],
  ['::', 'policy'],
  ['::ffff:127.0.0.2', 'policy'],
  ['64:ff9b::a9fe:a9fe', 'policy'],
  ['2002:a9fe:a9fe::1', 'policy'],
  ['169.254.169.254', 'policy'],
  ['10.0.0.1', 'policy'],
  ['fe80::1', 'policy'],
  ['fc00::', 'policy'],
  ['lo.ssrf.test', 'policy'],
  ['mixed.ssrf.test', 'policy'],
  ['localhost', 'invalid'],
  ['127.1', 'invalid'],
  ['2130706433', 'invalid'],
  ['fe80::1%lo', 'invalid'],
  ['１２７.０.０.１', 'invalid'],
]

const DNS_SERVERS: [string, Expectation][] = [
  ['127.0.0.2:{KP}', 'policy'],
  ['127.1:{KP}', 'invalid'],
  ['2130706433:{KP}', 'invalid'],
  ['0177.0.0.3:{KP}', 'invalid'],
  ['0:{KP}', 'invalid'],
  ['[::1]:{KP}', 'policy'],
  ['::1', 'policy'],
  ['[::]:{KP}', 'policy'],
  ['[::ffff:127.0.0.2]:{KP}', 'policy'],
  ['[64:ff9b::7f00:2]:{KP}', 'policy'],
  ['169.254.169.254', 'policy'],
  ['10.0.0.1:{KP}', 'policy'],
  ['[fe80::1]:{KP}', 'policy'],
  ['224.0.0.251:5353', 'policy'],
  ['255.255.255.255', 'policy'],
  ['localhost:{KP}', 'invalid'],
  ['lo.ssrf.test', 'invalid'],
  ['127.0.0.2%lo', 'invalid'],
]

const WHOIS_REFERRALS: Record<string, string> = {
  'ref-lo': 'refer: 127.0.0.2:{WP}',
  'ref-v6': 'refer: [::1]:{WP}',
  'ref-name': 'whois: lo.ssrf.test:{WP}',
  'ref-url': 'ReferralServer: whois://127.0.0.3:{WP}',
  'ref-decimal': 'refer: 2130706434:{WP}',
  'ref-hex': 'refer: 0x7f.2:{WP}',
  'ref-localhost': 'Registrar WHOIS Server: localhost:{WP}',
  'ref-meta': 'refer: 169.254.169.254',
  'ref-ten': 'refer: ten.ssrf.test',
  'ref-ok': 'refer: ok.ssrf.test:{WP}',
}

export { WHOIS_REFERRALS }

export const CORPUS: Attempt[] = [
  ...URL_SPELLINGS.map(([input, expect]) => ({ tool: 'website-check', input, expect })),
  ...REDIRECT_TARGETS.map((to) => ({
    tool: 'website-check',
    input: `http://127.0.0.65:{HP}/redir?to=${to}`,
    expect: 'policy' as const,
  })),
  ...[
    'lo.ssrf.test:{TP}',
    'lo6.ssrf.test:{TP}',
    'own.ssrf.test:{TP}',
    'zero.ssrf.test:{TP}',
    'mixed.ssrf.test:{TP}',
    'alias.ssrf.test:{TP}',
    'mapped.ssrf.test:{TP}',
    'meta.ssrf.test',
    // The trailing dot is dropped (docs/product.md, "What each tool accepts"): the policy refuses the name.
    'lo.ssrf.test.:{TP}',
  ].map((input) => ({ tool: 'ssl', input, expect: 'policy' as const })),
  ...['localhost:{TP}', '127.0.0.2:{TP}', '[::1]:{TP}'].map((input) => ({
    tool: 'ssl',
    input,
    expect: 'invalid' as const,
  })),
  ...HOST_LITERALS.map(([input, expect]) => ({ tool: 'ping', input, options: { count: 1 }, expect })),
  ...['127.0.0.2', '::1', 'lo.ssrf.test'].map((input) => ({
    tool: 'ping',
    input,
    options: { count: 1, mode: 'tcp', port: '{HP}' },
    expect: 'policy' as const,
  })),
  ...['127.0.0.2', '::ffff:127.0.0.2', 'lo6.ssrf.test', '169.254.169.254'].map((input) => ({
    tool: 'traceroute',
    input,
    options: { count: 1, protocol: 'tcp', port: '{HP}' },
    expect: 'policy' as const,
  })),
  ...DNS_SERVERS.map(([server, expect]) => ({ tool: 'dns', input: 'ok.ssrf.test', options: { server }, expect })),
  { tool: 'dns', input: 'ok.ssrf.test', options: { resolver: '127.0.0.2' }, expect: 'invalid' },
  { tool: 'dns', input: 'ok.ssrf.test', options: { resolver: 'system', server: '127.0.0.2:{KP}' }, expect: 'policy' },
  { tool: 'dns', input: 'www.evil', options: { trace: true, type: 'A' }, expect: 'policy' },
  { tool: 'dns', input: 'www.evilsix', options: { trace: true, type: 'A' }, expect: 'policy' },
  ...Object.keys(WHOIS_REFERRALS)
    .filter((key) => key !== 'ref-ok')
    .map((key) => ({ tool: 'whois', input: `${key}.whoisref`, expect: { note: NOT_ALLOWED } })),
  ...['rdaplo', 'rdapsix', 'rdapname', 'rdapmeta', 'rdapredir'].map((tld) => ({
    tool: 'whois',
    input: `example.${tld}`,
    expect: { note: /RDAP service .*is not allowed/ },
  })),
  {
    tool: 'whois',
    input: 'example.rdapcreds',
    expect: { note: /RDAP service .*URLs with credentials are not supported/ },
  },
  ...['http://127.0.0.2:8080/', 'http://ok.ssrf.test@127.0.0.2/', '[::1]', 'lo.ssrf.test', '169.254.169.254'].map(
    (input) => ({ tool: 'geolocation', input, expect: 'policy' as const }),
  ),
  // Digits in another script are refused by the input rule, as for every tool (src/shared/input-rule.ts).
  { tool: 'geolocation', input: '１２７.０.０.２', expect: 'invalid' },
  { tool: 'mail', input: '127.0.0.2', expect: 'policy' },
  ...['mx-name.ssrf.test', 'mx-literal.ssrf.test', 'mx-meta.ssrf.test', 'lo.ssrf.test', 'lo6.ssrf.test'].map(
    (input) => ({ tool: 'mail', input, expect: { note: /not checked: .*is not allowed/ } }),
  ),
  ...['127.0.0.2', 'http://[::1]/', '169.254.169.254'].map((input) => ({
    tool: 'blacklist',
    input,
    expect: { failed: /public block lists cannot list it/ },
  })),
  { tool: 'blacklist', input: 'lo.ssrf.test', expect: { note: /cannot be on a public block list/ } },
  ...['127.0.0.2', '::1', '10.0.0.1'].map((input) => ({
    tool: 'abuse',
    input,
    expect: { failed: /public block lists cannot list it/ },
  })),
  {
    tool: 'abuse',
    input: '127.0.0.70',
    // The lists of this world do not answer their test points: no score, and no denied peer reached.
    expect: { failed: /^No block list could be checked through this server's resolver/ },
  },
  ...['127.0.0.2', 'fc00::1'].map((input) => ({ tool: 'asn', input, expect: 'policy' as const })),
]
