// Rows of measurements as the server sends them, checked against the shared schema when built: three
// probes pinging one host, asking one name's A records, tracing one path. Used by the unit tests.
import { type MeasurementRow, measurementRow, type ProbeLocation } from '../../../shared/measurements.ts'

export const probes = {
  frankfurt: {
    id: 'p-fra',
    name: 'fra-1',
    country: 'DE',
    city: 'Frankfurt',
    continent: 'EU',
    region: 'eu-west',
    asn: 64500,
    network: 'Example Transit',
    latitude: 50.11,
    longitude: 8.68,
    local: false,
  },
  paris: {
    id: 'p-par',
    name: 'par-1',
    country: 'FR',
    city: 'Paris',
    continent: 'EU',
    region: 'eu-west',
    asn: 64501,
    network: 'Example Access',
    latitude: 48.86,
    longitude: 2.35,
    local: false,
  },
  here: {
    id: 'p-local',
    name: 'local',
    country: '',
    city: '',
    continent: '',
    region: '',
    asn: null,
    network: '',
    latitude: null,
    longitude: null,
    local: true,
  },
} satisfies Record<string, ProbeLocation>

export const row = (value: unknown): MeasurementRow => measurementRow.parse(value)

export function pingAnswer(address: string, times: (number | null)[]) {
  const replies = times.map((time, i) =>
    time === null
      ? { seq: i + 1, status: 'timeout' }
      : { seq: i + 1, status: 'reply', from: address, ttl: 57, timeMs: time },
  )
  const got = times.filter((t): t is number => t !== null)
  const avg = got.length ? Math.round((got.reduce((a, b) => a + b, 0) / got.length) * 1000) / 1000 : null
  return {
    tool: 'ping',
    input: 'example.test',
    status: 'ok',
    result: {
      host: 'example.test',
      address,
      family: 4,
      mode: 'icmp',
      replies,
      summary: {
        sent: times.length,
        received: got.length,
        errors: 0,
        duplicates: 0,
        lossPercent: Math.round(((times.length - got.length) / times.length) * 100),
        minMs: got.length ? Math.min(...got) : null,
        avgMs: avg,
        maxMs: got.length ? Math.max(...got) : null,
        mdevMs: null,
        timeMs: 3003,
      },
      notes: [],
    },
    lines: [`PING example.test (${address}) 56(84) bytes of data.`],
    durationMs: 3100,
  }
}

export function dnsAnswer(values: string[], ttl = 300, rcode = 'NOERROR') {
  const flags = { qr: true, aa: false, tc: false, rd: true, ra: true, ad: false, cd: false }
  return {
    tool: 'dns',
    input: 'www.example.test',
    status: 'ok',
    result: {
      name: 'www.example.test',
      unicodeName: 'www.example.test',
      server: '127.0.0.1:53',
      resolver: 'System resolver',
      dnssec: false,
      queries: [
        {
          type: 'A',
          rcode,
          flags,
          transport: 'udp',
          queryTimeMs: 12,
          answers: values.map((value) => ({ name: 'www.example.test.', type: 'A', class: 'IN', ttl, value })),
          authority: [],
          additional: [],
        },
      ],
    },
    lines: values.map((value) => `www.example.test.\t${ttl}\tIN\tA\t${value}`),
    durationMs: 20,
  }
}
