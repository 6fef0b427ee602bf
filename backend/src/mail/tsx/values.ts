/**
 * The values a template's render computes with (render.ts): JSON-like values and `Markup` (HTML an element has
 * rendered), how JavaScript turns them into text, and the scope a render carries, whose step budget every
 * built string is charged to (`built`).
 */
import type { Expr } from "./ast.js"
import { MAX_OUTPUT_CHARS, outputTooLong, type StepBudget, tooManySteps } from "./limits.js"

/** JSON-like values a template computes with; `Markup` is already-rendered HTML (a JSX element's value). */
export type Value = string | number | boolean | null | undefined | Markup | ReadonlyArray<Value> | ValueRecord
export interface ValueRecord {
  readonly [key: string]: Value
}

/** Already-rendered HTML: a JSX element's value. */
export class Markup {
  constructor(readonly html: string) {}
}

/** Why a render stopped; the routes put its message in `EMAIL_RENDERING_ERROR`. */
export class RenderFailure {
  constructor(readonly message: string) {}
}
export const failed = (value: unknown): value is RenderFailure => value instanceof RenderFailure

export const isRecord = (value: Value): value is ValueRecord =>
  typeof value === "object" && value !== null && !(value instanceof Markup) && !Array.isArray(value)

export const truthy = (value: Value): boolean =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== ""

/** JavaScript's `String(value)` for the values a template can hold. */
export const stringOf = (value: Value, scope: Scope): string | RenderFailure => {
  if (value instanceof Markup)
    return new RenderFailure("an element cannot be joined with text; put it beside the text instead")
  if (Array.isArray(value)) {
    let out = ""
    for (const [i, item] of value.entries()) {
      const part = item === null || item === undefined ? "" : stringOf(item, scope)
      if (failed(part)) return part
      const joined = built(i === 0 ? part : `${out},${part}`, scope, part.length + 1)
      if (failed(joined)) return joined
      out = joined
    }
    return out
  }
  if (isRecord(value)) return "[object Object]"
  return String(value)
}

export interface Scope {
  readonly names: ReadonlyMap<string, Value>
  readonly src: string
  readonly budget: StepBudget
  /**
   * How an expression is evaluated (evaluate.ts), handed to the elements' rendering (markup.ts) in the scope:
   * the evaluator renders elements, so markup.ts does not import it back.
   */
  readonly evaluate: (expr: Expr, scope: Scope) => Value | RenderFailure
  /** The first `Subject` and `NotificationCategory` values met, in render order. */
  subject: string | undefined
  notificationCategory: string | undefined
}

/**
 * Checks the length of a string the render built and charges the work (one step a character: `added`, the
 * characters new to it when text is appended to a string already charged). Every string a render makes
 * passes here, so none outgrows the output limit and the work stays within the step budget.
 */
export const built = (text: string, scope: Scope, added: number = text.length): string | RenderFailure => {
  if (text.length > MAX_OUTPUT_CHARS) return new RenderFailure(outputTooLong())
  return scope.budget.spend(added) ? text : new RenderFailure(tooManySteps())
}
