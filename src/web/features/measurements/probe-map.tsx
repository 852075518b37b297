// The probes of a measurement on a Leaflet map, as the geolocation view draws its one location: an
// extra that disappears when the tiles cannot be loaded (or the map fails in any way), leaving the
// table's words. Each marker's colour follows its row's status, and its tooltip says it in words.
import 'leaflet/dist/leaflet.css'
import { Component, type ReactNode, useState } from 'react'
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet'
import { webConfig } from '../../lib/config.ts'
import type { RowTone } from './row-status.ts'

export interface MapPoint {
  key: string
  latitude: number
  longitude: number
  /** "Frankfurt, Germany: Done". */
  label: string
  tone: RowTone
}

const toneColours: Record<RowTone, string> = { ok: '#34d399', busy: '#38bdf8', failed: '#f87171' }

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}

function TiledMap({ points }: { points: MapPoint[] }) {
  const [tiles, setTiles] = useState<'waiting' | 'loaded' | 'failed'>('waiting')
  if (tiles === 'failed') return null
  const [first] = points
  const many = points.length > 1
  return (
    <figure className="space-y-1" data-testid="probe-map">
      <div className="h-64 overflow-hidden rounded-lg border border-zinc-800">
        <MapContainer
          center={!many && first ? [first.latitude, first.longitude] : undefined}
          zoom={many ? undefined : 4}
          bounds={many ? points.map((p) => [p.latitude, p.longitude] as [number, number]) : undefined}
          boundsOptions={{ padding: [24, 24], maxZoom: 6 }}
          scrollWheelZoom={false}
          className="h-full w-full"
        >
          <TileLayer
            url={webConfig.mapTileUrl}
            attribution={webConfig.mapTileAttribution}
            eventHandlers={{
              tileload: () => setTiles('loaded'),
              // The first tile failing before any loaded means the tile server is out of reach.
              tileerror: () => setTiles((state) => (state === 'loaded' ? state : 'failed')),
            }}
          />
          {points.map((point) => (
            <CircleMarker
              key={point.key}
              center={[point.latitude, point.longitude]}
              radius={8}
              pathOptions={{ color: toneColours[point.tone], fillOpacity: 0.6 }}
            >
              <Tooltip>{point.label}</Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </div>
      <figcaption className="sr-only">
        Map of {points.length} probe {points.length === 1 ? 'location' : 'locations'}:{' '}
        {points.map((p) => p.label).join('; ')}
      </figcaption>
    </figure>
  )
}

export function ProbeMap({ points }: { points: MapPoint[] }) {
  if (webConfig.mapTileUrl === '' || points.length === 0) return null
  return (
    <MapBoundary key={points.map((p) => `${p.key}@${p.latitude},${p.longitude}`).join('|')}>
      <TiledMap points={points} />
    </MapBoundary>
  )
}
