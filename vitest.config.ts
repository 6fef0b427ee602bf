import { defineConfig } from "vitest/config"

// Node 20 lacks Map.groupBy, which vitest's failure reporter needs; without it a failing
// assertion crashes the reporter and hides the real message.
const mapCtor = Map as unknown as { groupBy?: unknown }
if (mapCtor.groupBy === undefined) {
  mapCtor.groupBy = <K, V>(items: Iterable<V>, key: (v: V, i: number) => K): Map<K, Array<V>> => {
    const out = new Map<K, Array<V>>()
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      const bucket = out.get(k)
      if (bucket === undefined) out.set(k, [item])
      else bucket.push(item)
    }
    return out
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
