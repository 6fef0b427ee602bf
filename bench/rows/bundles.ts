/** The bundle-size rows (bench/bundles.ts): each program's first load against its budget, and where the bytes are. */
import { parts } from "../bundle-programs.js"
import { type BundleOutcome, type BundleSize, isMeasured } from "../bundles.js"
import { atMost, kb, type Row, times } from "./row.js"

export const bundleRows = (sizes: Readonly<Record<string, BundleOutcome>>): Array<Row> => {
  const rows: Array<Row> = []
  const size = (id: string) => {
    const outcome = sizes[id]
    return isMeasured(outcome) ? outcome.gzipBytes : undefined
  }
  // The initial load's largest areas. Above a baseline (the React figure) the baseline's area is left out and the
  // others are scaled to the figure: in one chunk react's code and the rest share the gzip window.
  const areasNote = (outcome: BundleSize, above?: { readonly area: string; readonly bytes: number }): string => {
    const areas = (outcome.initialAreas ?? []).filter((a) => a.area !== above?.area)
    const total = areas.reduce((sum, a) => sum + a.gzipBytes, 0)
    const scale = above === undefined || total === 0 ? 1 : above.bytes / total
    const shown = areas.slice(0, 6).map((a) => `${a.area} ${kb(a.gzipBytes * scale)}`)
    return shown.length === 0 ? "" : `; by area (approx.): ${shown.join(", ")}`
  }
  const lazyNote = (
    id: string,
    above?: { readonly area: string; readonly bytes: number }
  ): { readonly note?: string } => {
    const outcome = sizes[id]
    return isMeasured(outcome) && outcome.lazyChunks > 0
      ? {
          note: `initial load; ${outcome.lazyChunks} more chunk(s), ${kb(outcome.lazyGzipBytes)}, load on first use${areasNote(outcome, above)}`
        }
      : {}
  }
  const missing = (id: string, figure: string, goal = "") =>
    rows.push({ id, figure, value: "build failed", goal, result: "error" })

  const client = size("stackfx-client")
  const officialClient = size("official-client")
  if (client === undefined) missing("1a", "bundle, client tier + current user: stackfx", "<= 35 KB")
  else
    rows.push({
      id: "1a",
      figure: "bundle, client tier + current user: stackfx",
      value: kb(client),
      goal: "<= 35 KB",
      result: atMost(client / 1024, 35),
      ...lazyNote("stackfx-client")
    })
  if (officialClient === undefined) missing("1a", "bundle, client + getUser(): @stackframe/js")
  else {
    rows.push({
      id: "1a",
      figure: "bundle, client + getUser(): @stackframe/js",
      value:
        client === undefined ? kb(officialClient) : `${kb(officialClient)} (${times(officialClient / client)} stackfx)`,
      goal: "",
      result: "info"
    })
  }

  const baseline = size("react-baseline")
  const react = size("stackfx-react")
  const officialReact = size("official-react")
  const above = (total: number | undefined) =>
    total === undefined || baseline === undefined ? undefined : total - baseline
  const reactAbove = above(react)
  const officialAbove = above(officialReact)
  if (reactAbove === undefined || react === undefined)
    missing("1b", "bundle, React + user button above baseline: stackfx", "<= 45 KB")
  else {
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: stackfx",
      value: `${kb(reactAbove)} (total ${kb(react)})`,
      goal: "<= 45 KB",
      result: atMost(reactAbove / 1024, 45),
      ...lazyNote("stackfx-react", { area: "react", bytes: reactAbove })
    })
  }
  if (officialAbove === undefined || officialReact === undefined)
    missing("1b", "bundle, React + user button above baseline: @stackframe/react")
  else {
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: @stackframe/react",
      value: `${kb(officialAbove)} (total ${kb(officialReact)})`,
      goal: "",
      result: "info"
    })
  }
  // The same two programs bundled by esbuild with code splitting, for information (see bench/bundles.ts, `Bundler`).
  const esbuildClient = size("esbuild:stackfx-client")
  const esbuildReact = size("esbuild:stackfx-react")
  const esbuildBaseline = size("esbuild:react-baseline")
  if (esbuildClient !== undefined)
    rows.push({
      id: "1a",
      figure: "bundle, client tier + current user: stackfx, esbuild with code splitting",
      value: kb(esbuildClient),
      goal: "",
      result: "info"
    })
  if (esbuildReact !== undefined && esbuildBaseline !== undefined)
    rows.push({
      id: "1b",
      figure: "bundle, React + user button above baseline: stackfx, esbuild with code splitting",
      value: `${kb(esbuildReact - esbuildBaseline)} (total ${kb(esbuildReact)})`,
      goal: "",
      result: "info"
    })
  if (baseline === undefined) missing("1c", "bundle, baseline react + react-dom/client")
  else
    rows.push({
      id: "1c",
      figure: "bundle, baseline react + react-dom/client",
      value: kb(baseline),
      goal: "",
      result: "info"
    })

  for (const part of parts) {
    const bytes = size(part.id)
    if (bytes === undefined) missing("1", `bundle, ${part.name}`)
    else rows.push({ id: "1", figure: `bundle, ${part.name}`, value: kb(bytes), goal: "", result: "info" })
  }
  return rows
}
