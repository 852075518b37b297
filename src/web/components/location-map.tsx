// A small Leaflet map centred on a location. It is an extra: when the tiles cannot be loaded (or
// the map fails in any way) it disappears, and the coordinates shown beside it remain.
import 'leaflet/dist/leaflet.css'
import { Component, type ReactNode, useState } from 'react'
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet'
import { webConfig } from '../lib/config.ts'

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}

export interface LocationMapProps {
  latitude: number
  longitude: number
  label: string
}

function TiledMap({ latitude, longitude, label }: LocationMapProps) {
  const [tiles, setTiles] = useState<'waiting' | 'loaded' | 'failed'>('waiting')
  if (tiles === 'failed') return null
  return (
    <figure className="space-y-1">
      <div className="h-56 overflow-hidden rounded-lg border border-zinc-800">
        <MapContainer center={[latitude, longitude]} zoom={9} scrollWheelZoom={false} className="h-full w-full">
          <TileLayer
            url={webConfig.mapTileUrl}
            attribution={webConfig.mapTileAttribution}
            eventHandlers={{
              tileload: () => setTiles('loaded'),
              // The first tile failing before any loaded means the tile server is out of reach.
              tileerror: () => setTiles((state) => (state === 'loaded' ? state : 'failed')),
            }}
          />
          <CircleMarker
            center={[latitude, longitude]}
            radius={8}
            pathOptions={{ color: '#38bdf8', fillOpacity: 0.5 }}
          />
        </MapContainer>
      </div>
      <figcaption className="sr-only">Map of {label}</figcaption>
    </figure>
  )
}

export function LocationMap(props: LocationMapProps) {
  if (webConfig.mapTileUrl === '') return null
  return (
    <MapBoundary key={`${props.latitude},${props.longitude}`}>
      <TiledMap {...props} />
    </MapBoundary>
  )
}
