/** A row of `npm run bench`'s table (figure, value, goal, result) and the units and verdicts the rows are written with. */

export type Verdict = "pass" | "fail" | "info" | "error"

export interface Row {
  readonly id: string
  readonly figure: string
  readonly value: string
  readonly goal: string
  readonly result: Verdict
  readonly note?: string
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`
export const us = (valueMs: number) => `${(valueMs * 1000).toFixed(0)} µs`
export const times = (ratio: number) => `${ratio.toFixed(2)}x`
export const atMost = (value: number, goal: number): Verdict => (value <= goal ? "pass" : "fail")
export const atLeast = (value: number, goal: number): Verdict => (value >= goal ? "pass" : "fail")
