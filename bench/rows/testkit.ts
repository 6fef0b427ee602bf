/** The testing kit's rows: its own suite's figures and the example app's tests run on it. */
import type { KitExampleResults, KitRun } from "../kit-example.js"
import type { TestkitResults } from "../testkit.js"
import { atMost, ms, type Row } from "./row.js"

const kitRunNote = (run: KitRun) => `${run.tests} tests in ${run.files} files; wall time depends on the machine's load`

export const kitExampleRows = (k: KitExampleResults): Array<Row> => [
  {
    id: "6",
    figure:
      "testing kit example (examples/testing) in an app that installed the packed packages, a run after its first, wall time",
    value: ms(k.installed.next.wallMs),
    goal: "<= 5000 ms",
    result: atMost(k.installed.next.wallMs, 5000),
    note: kitRunNote(k.installed.next)
  },
  {
    id: "6",
    figure: "the same, its first run after the install (Node's compile cache empty)",
    value: ms(k.installed.first.wallMs),
    goal: "",
    result: "info",
    note: kitRunNote(k.installed.first)
  },
  {
    id: "6",
    figure: "the same in this repository: npm run example:testing (the sources transformed by vitest)",
    value: ms(k.repository.wallMs),
    goal: "",
    result: "info",
    note: kitRunNote(k.repository)
  }
]

export const testkitRows = (t: TestkitResults): Array<Row> => [
  {
    id: "6",
    figure: "testing kit: the run's backend up (global setup, once a run, a process of its own)",
    value: ms(t.runBackendUpMs),
    goal: "",
    result: "info",
    note: `node, its modules and the backend; of a backend's start, the database alone (PGlite from the migrated template, migrations checked, seed) ${ms(t.databaseMs)}, ${ms(t.databaseCpuMs)} of CPU`
  },
  {
    id: "6",
    figure: "testing kit: a worker's backend up (first use in a process: connected to the run's)",
    value: ms(t.backendUpMs),
    goal: "<= 500 ms",
    result: atMost(t.backendUpMs, 500),
    note: `${ms(t.backendUpCpuMs)} of CPU: the worker's proxy started`
  },
  {
    id: "6",
    figure: `testing kit: an isolated project on a warm backend (median of ${t.projectMs.length})`,
    value: ms(t.projectMedianMs),
    goal: "<= 20 ms",
    result: atMost(t.projectMedianMs, 20)
  },
  {
    id: "6",
    figure: `testing kit: a fixture user signed in (median of ${t.signedInUserMs.length})`,
    value: ms(t.signedInUserMedianMs),
    goal: "<= 30 ms",
    result: atMost(t.signedInUserMedianMs, 30)
  },
  {
    id: "6",
    figure: "testing kit: a 20-test file with the kit / the same over startLocalBackend and HTTP by hand",
    value: `${ms(t.kitFileMs)} / ${ms(t.byHandFileMs)}`,
    goal: "kit faster",
    result: t.kitFileMs < t.byHandFileMs ? "pass" : "fail",
    note: "each test: a project of its own, a user signed in, their profile read; by hand includes starting the file's backend"
  },
  {
    id: "6",
    figure: "testing kit: resident memory of the worker after those tests",
    value: `${t.residentMbAfter.toFixed(0)} MB`,
    goal: "",
    result: "info",
    note: `${(t.residentMbAfter - t.residentMbBefore).toFixed(0)} MB more than before the kit connected (the run's backend is in its own process)`
  }
]
