// The Leaflet part of LocationMap (location-map.tsx), loaded with the first map shown: Leaflet
// needs a browser to load at all, and most pages never show a map.
import 'leaflet/dist/leaflet.css'
import { useState } from 'react'
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet'
import { webConfig } from '../lib/config.ts'

export interface LocationMapProps {
  latitude: number
  longitude: number
  label: string
}

export function TiledMap({ latitude, longitude, label }: LocationMapProps) {
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
