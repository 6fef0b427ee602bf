import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { apiReportFile, apiReportSource } from "../scripts/contract/api-report.js"

// The checked-in API report is the surface the entries export today: a change to a public name, or to what it
// is, must come with the regenerated report (`npm run generate`), so the review of that change shows it.
describe("the API report", () => {
  it("docs/api-report.md is the one the entry points generate today", () => {
    expect(readFileSync(apiReportFile, "utf8")).toBe(apiReportSource())
  }, 60_000)
})
