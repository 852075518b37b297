import { Search } from 'lucide-react'
import { Input } from '../../components/input.tsx'

export function ToolSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative mx-auto w-full max-w-xl">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search tools..."
        aria-label="Search tools"
        className="h-11 rounded-xl pl-9"
      />
    </div>
  )
}
