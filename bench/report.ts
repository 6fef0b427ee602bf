/** Turns the benchmarks' results into the table rows of `npm run bench` (figure, value, goal, result). */
import type { LoadResults, StartupResults } from "./backend-load.js"
import type { BundleOutcome } from "./bundles.js"
import type { FanoutResults } from "./fanout.js"
import type { KitExampleResults } from "./kit-example.js"
import type { OverheadResults } from "./overhead.js"
import { loadRows, scaleOutRows, startupRows } from "./rows/backend.js"
import { bundleRows } from "./rows/bundles.js"
import { fanoutRows, overheadRows, ssrRows, stampedeRows } from "./rows/client.js"
import type { Row } from "./rows/row.js"
import { kitExampleRows, testkitRows } from "./rows/testkit.js"
import type { ScaleOutResults } from "./scale-out.js"
import type { SsrPageResults } from "./ssr-pages.js"
import type { StampedeResults } from "./stampede.js"
import type { TestkitResults } from "./testkit.js"

export interface Details {
  bundles?: Readonly<Record<string, BundleOutcome>>
  stampede?: StampedeResults
  fanout?: FanoutResults
  ssr?: SsrPageResults
  overhead?: OverheadResults
  startup?: StartupResults
  load?: LoadResults
  testkit?: TestkitResults
  kitExample?: KitExampleResults
  scaleOut?: ScaleOutResults
}

export const buildRows = (d: Details): Array<Row> => [
  ...(d.bundles === undefined ? [] : bundleRows(d.bundles)),
  ...(d.stampede === undefined ? [] : stampedeRows(d.stampede)),
  ...(d.fanout === undefined ? [] : fanoutRows(d.fanout)),
  ...(d.ssr === undefined ? [] : ssrRows(d.ssr)),
  ...(d.overhead === undefined ? [] : overheadRows(d.overhead)),
  ...(d.load === undefined ? [] : loadRows(d.load)),
  ...(d.startup === undefined ? [] : startupRows(d.startup)),
  ...(d.testkit === undefined ? [] : testkitRows(d.testkit)),
  ...(d.kitExample === undefined ? [] : kitExampleRows(d.kitExample)),
  ...(d.scaleOut === undefined ? [] : scaleOutRows(d.scaleOut))
]

export const formatTable = (rows: ReadonlyArray<Row>): string => {
  const header = { id: "#", figure: "figure", value: "value", goal: "goal", result: "result" }
  const all = [header, ...rows]
  const width = (key: keyof typeof header) => Math.max(...all.map((row) => row[key].length))
  const widths = {
    id: width("id"),
    figure: width("figure"),
    value: width("value"),
    goal: width("goal"),
    result: width("result")
  }
  const line = (row: typeof header) =>
    [
      row.id.padEnd(widths.id),
      row.figure.padEnd(widths.figure),
      row.value.padEnd(widths.value),
      row.goal.padEnd(widths.goal),
      row.result
    ].join("  ")
  const rule = "-".repeat(widths.id + widths.figure + widths.value + widths.goal + widths.result + 8)
  return [line(header), rule, ...rows.map((row) => line({ ...row, result: row.result.toUpperCase() }))].join("\n")
}

/** The notes of the rows (what a figure counted, how it was obtained), one line each. */
export const formatNotes = (rows: ReadonlyArray<Row>): string =>
  rows
    .filter((row) => row.note !== undefined)
    .map((row) => `  ${row.id} ${row.figure}: ${row.note}`)
    .join("\n")
