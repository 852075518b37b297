// Where the simulated probes of bench/probe-fleet.ts say they are: a fixed table of places weighted
// roughly as public measurement networks spread their probes (most in Europe and North America,
// fewer in Asia, few in South America, Africa and Oceania), each with the networks probes there
// typically sit in. A fleet drawn from it with a seed is the same on every run.
import type { ProbeAnnouncedLocation } from '../src/shared/probe-protocol.ts'
import { seededRandom } from '../test/support/seeded-random.ts'

interface Place {
  country: string
  city: string
  continent: string
  region: string
  latitude: number
  longitude: number
  /** Share of probes, in parts of the table's total. */
  weight: number
  networks: Array<[asn: number, name: string]>
}

const HOSTING: Array<[number, string]> = [
  [16509, 'Amazon.com, Inc.'],
  [14061, 'DigitalOcean, LLC'],
  [13335, 'Cloudflare, Inc.'],
  [20473, 'The Constant Company, LLC'],
]

const PLACES: Place[] = [
  {
    country: 'DE',
    city: 'Frankfurt',
    continent: 'EU',
    region: 'eu-central',
    latitude: 50.11,
    longitude: 8.68,
    weight: 90,
    networks: [[3320, 'Deutsche Telekom AG'], [24940, 'Hetzner Online GmbH'], [3209, 'Vodafone GmbH'], ...HOSTING],
  },
  {
    country: 'DE',
    city: 'Berlin',
    continent: 'EU',
    region: 'eu-central',
    latitude: 52.52,
    longitude: 13.4,
    weight: 50,
    networks: [
      [3320, 'Deutsche Telekom AG'],
      [6805, 'Telefonica Germany GmbH'],
      [8881, '1&1 Versatel GmbH'],
    ],
  },
  {
    country: 'DE',
    city: 'Nuremberg',
    continent: 'EU',
    region: 'eu-central',
    latitude: 49.45,
    longitude: 11.08,
    weight: 30,
    networks: [
      [24940, 'Hetzner Online GmbH'],
      [51167, 'Contabo GmbH'],
    ],
  },
  {
    country: 'US',
    city: 'New York',
    continent: 'NA',
    region: 'us-east',
    latitude: 40.71,
    longitude: -74.01,
    weight: 70,
    networks: [[7922, 'Comcast Cable Communications, LLC'], [701, 'Verizon Business'], ...HOSTING],
  },
  {
    country: 'US',
    city: 'Ashburn',
    continent: 'NA',
    region: 'us-east',
    latitude: 39.04,
    longitude: -77.49,
    weight: 50,
    networks: [
      [16509, 'Amazon.com, Inc.'],
      [396982, 'Google LLC'],
      [8075, 'Microsoft Corporation'],
    ],
  },
  {
    country: 'US',
    city: 'Chicago',
    continent: 'NA',
    region: 'us-central',
    latitude: 41.88,
    longitude: -87.63,
    weight: 35,
    networks: [
      [7922, 'Comcast Cable Communications, LLC'],
      [7018, 'AT&T Services, Inc.'],
    ],
  },
  {
    country: 'US',
    city: 'Los Angeles',
    continent: 'NA',
    region: 'us-west',
    latitude: 34.05,
    longitude: -118.24,
    weight: 40,
    networks: [[20115, 'Charter Communications'], [7018, 'AT&T Services, Inc.'], ...HOSTING],
  },
  {
    country: 'US',
    city: 'Seattle',
    continent: 'NA',
    region: 'us-west',
    latitude: 47.61,
    longitude: -122.33,
    weight: 20,
    networks: [
      [7922, 'Comcast Cable Communications, LLC'],
      [16509, 'Amazon.com, Inc.'],
    ],
  },
  {
    country: 'CA',
    city: 'Toronto',
    continent: 'NA',
    region: 'ca-east',
    latitude: 43.65,
    longitude: -79.38,
    weight: 20,
    networks: [
      [812, 'Rogers Communications Canada Inc.'],
      [577, 'Bell Canada'],
    ],
  },
  {
    country: 'FR',
    city: 'Paris',
    continent: 'EU',
    region: 'eu-west',
    latitude: 48.86,
    longitude: 2.35,
    weight: 55,
    networks: [
      [3215, 'Orange S.A.'],
      [12322, 'Free SAS'],
      [16276, 'OVH SAS'],
    ],
  },
  {
    country: 'FR',
    city: 'Roubaix',
    continent: 'EU',
    region: 'eu-west',
    latitude: 50.69,
    longitude: 3.17,
    weight: 15,
    networks: [[16276, 'OVH SAS']],
  },
  {
    country: 'GB',
    city: 'London',
    continent: 'EU',
    region: 'eu-west',
    latitude: 51.51,
    longitude: -0.13,
    weight: 55,
    networks: [[2856, 'British Telecommunications PLC'], [5089, 'Virgin Media Limited'], ...HOSTING],
  },
  {
    country: 'NL',
    city: 'Amsterdam',
    continent: 'EU',
    region: 'eu-west',
    latitude: 52.37,
    longitude: 4.9,
    weight: 45,
    networks: [[1136, 'KPN B.V.'], [33915, 'Vodafone Libertel B.V.'], ...HOSTING],
  },
  {
    country: 'CH',
    city: 'Zurich',
    continent: 'EU',
    region: 'eu-central',
    latitude: 47.38,
    longitude: 8.54,
    weight: 15,
    networks: [
      [3303, 'Swisscom (Schweiz) AG'],
      [13030, 'Init7 (Switzerland) Ltd.'],
    ],
  },
  {
    country: 'AT',
    city: 'Vienna',
    continent: 'EU',
    region: 'eu-central',
    latitude: 48.21,
    longitude: 16.37,
    weight: 12,
    networks: [[8447, 'A1 Telekom Austria AG']],
  },
  {
    country: 'PL',
    city: 'Warsaw',
    continent: 'EU',
    region: 'eu-east',
    latitude: 52.23,
    longitude: 21.01,
    weight: 18,
    networks: [
      [5617, 'Orange Polska Spolka Akcyjna'],
      [12741, 'Netia SA'],
    ],
  },
  {
    country: 'SE',
    city: 'Stockholm',
    continent: 'EU',
    region: 'eu-north',
    latitude: 59.33,
    longitude: 18.07,
    weight: 15,
    networks: [
      [3301, 'Telia Company AB'],
      [1257, 'Tele2 Sverige AB'],
    ],
  },
  {
    country: 'FI',
    city: 'Helsinki',
    continent: 'EU',
    region: 'eu-north',
    latitude: 60.17,
    longitude: 24.94,
    weight: 10,
    networks: [
      [719, 'Elisa Oyj'],
      [24940, 'Hetzner Online GmbH'],
    ],
  },
  {
    country: 'IT',
    city: 'Milan',
    continent: 'EU',
    region: 'eu-south',
    latitude: 45.46,
    longitude: 9.19,
    weight: 18,
    networks: [
      [3269, 'Telecom Italia S.p.A.'],
      [12874, 'Fastweb SpA'],
    ],
  },
  {
    country: 'ES',
    city: 'Madrid',
    continent: 'EU',
    region: 'eu-south',
    latitude: 40.42,
    longitude: -3.7,
    weight: 15,
    networks: [
      [3352, 'Telefonica de Espana S.A.U.'],
      [12479, 'Orange Espagne SA'],
    ],
  },
  {
    country: 'CZ',
    city: 'Prague',
    continent: 'EU',
    region: 'eu-central',
    latitude: 50.08,
    longitude: 14.44,
    weight: 12,
    networks: [[5610, 'O2 Czech Republic, a.s.']],
  },
  {
    country: 'UA',
    city: 'Kyiv',
    continent: 'EU',
    region: 'eu-east',
    latitude: 50.45,
    longitude: 30.52,
    weight: 10,
    networks: [[15895, 'Kyivstar PJSC']],
  },
  {
    country: 'RU',
    city: 'Moscow',
    continent: 'EU',
    region: 'eu-east',
    latitude: 55.76,
    longitude: 37.62,
    weight: 15,
    networks: [
      [12389, 'Rostelecom'],
      [8359, 'MTS PJSC'],
    ],
  },
  {
    country: 'JP',
    city: 'Tokyo',
    continent: 'AS',
    region: 'asia-east',
    latitude: 35.68,
    longitude: 139.69,
    weight: 25,
    networks: [[2516, 'KDDI Corporation'], [4713, 'NTT Communications Corporation'], ...HOSTING],
  },
  {
    country: 'SG',
    city: 'Singapore',
    continent: 'AS',
    region: 'asia-southeast',
    latitude: 1.35,
    longitude: 103.82,
    weight: 20,
    networks: [[9506, 'Singtel Fibre Broadband'], ...HOSTING],
  },
  {
    country: 'IN',
    city: 'Mumbai',
    continent: 'AS',
    region: 'asia-south',
    latitude: 19.08,
    longitude: 72.88,
    weight: 15,
    networks: [
      [55836, 'Reliance Jio Infocomm Limited'],
      [9829, 'National Internet Backbone'],
    ],
  },
  {
    country: 'HK',
    city: 'Hong Kong',
    continent: 'AS',
    region: 'asia-east',
    latitude: 22.32,
    longitude: 114.17,
    weight: 10,
    networks: [
      [4760, 'HKT Limited'],
      [9269, 'Hong Kong Broadband Network Ltd.'],
    ],
  },
  {
    country: 'KR',
    city: 'Seoul',
    continent: 'AS',
    region: 'asia-east',
    latitude: 37.57,
    longitude: 126.98,
    weight: 8,
    networks: [[4766, 'Korea Telecom']],
  },
  {
    country: 'BR',
    city: 'Sao Paulo',
    continent: 'SA',
    region: 'sa-east',
    latitude: -23.55,
    longitude: -46.63,
    weight: 18,
    networks: [
      [28573, 'Claro NXT Telecomunicacoes Ltda'],
      [26599, 'Telefonica Brasil S.A.'],
    ],
  },
  {
    country: 'AR',
    city: 'Buenos Aires',
    continent: 'SA',
    region: 'sa-south',
    latitude: -34.6,
    longitude: -58.38,
    weight: 6,
    networks: [[7303, 'Telecom Argentina S.A.']],
  },
  {
    country: 'AU',
    city: 'Sydney',
    continent: 'OC',
    region: 'oc-east',
    latitude: -33.87,
    longitude: 151.21,
    weight: 15,
    networks: [
      [1221, 'Telstra Limited'],
      [4804, 'Optus'],
    ],
  },
  {
    country: 'NZ',
    city: 'Auckland',
    continent: 'OC',
    region: 'oc-east',
    latitude: -36.85,
    longitude: 174.76,
    weight: 5,
    networks: [[9500, 'One New Zealand Group Limited']],
  },
  {
    country: 'ZA',
    city: 'Johannesburg',
    continent: 'AF',
    region: 'af-south',
    latitude: -26.2,
    longitude: 28.05,
    weight: 8,
    networks: [
      [37457, 'Telkom SA Ltd.'],
      [36994, 'Vodacom'],
    ],
  },
  {
    country: 'KE',
    city: 'Nairobi',
    continent: 'AF',
    region: 'af-east',
    latitude: -1.29,
    longitude: 36.82,
    weight: 3,
    networks: [[33771, 'Safaricom Limited']],
  },
]

export interface SimulatedProbeProfile {
  name: string
  location: ProbeAnnouncedLocation
  /** The probe's typical answer time, ms (its network and the tool's work). */
  medianAnswerMs: number
  /** Share of tasks it takes and never answers (a stuck tool, a probe on a bad line). */
  timeoutRate: number
}

/**
 * `count` probes drawn from the table with `seed`: most answer in tens of ms, a few are slow, and
 * about one in twenty is flaky (one task in ten goes unanswered) while the rest almost never time out.
 */
export function generateFleet(count: number, seed = 1): SimulatedProbeProfile[] {
  const random = seededRandom(seed)
  const total = PLACES.reduce((sum, place) => sum + place.weight, 0)
  const pick = () => {
    let at = random() * total
    for (const place of PLACES) {
      at -= place.weight
      if (at < 0) return place
    }
    return PLACES[PLACES.length - 1] as Place
  }
  return Array.from({ length: count }, (_, index) => {
    const place = pick()
    const [asn, network] = place.networks[Math.floor(random() * place.networks.length)] as [number, string]
    const flaky = random() < 0.05
    return {
      name: `${place.city.toLowerCase().replaceAll(' ', '-')}-${index + 1}`,
      location: {
        country: place.country,
        city: place.city,
        continent: place.continent,
        region: place.region,
        asn,
        network,
        latitude: place.latitude + (random() - 0.5) / 5,
        longitude: place.longitude + (random() - 0.5) / 5,
      },
      medianAnswerMs: Math.round(20 + random() * 60 + (random() < 0.1 ? 120 : 0)),
      timeoutRate: flaky ? 0.1 : 0.002,
    }
  })
}
