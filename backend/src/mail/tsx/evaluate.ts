/**
 * Evaluates a template's expressions (ast.ts) to values, each step charged to the render's budget: literals,
 * names and member accesses, the operators and conditions of the subset, and elements (markup.ts).
 */
import { type Expr, position } from "./ast.js"
import { tooManySteps } from "./limits.js"
import { element } from "./markup.js"
import { built, failed, isRecord, RenderFailure, type Scope, stringOf, truthy, type Value } from "./values.js"

const describeName = (expr: Expr): string =>
  expr.k === "name" ? expr.name : expr.k === "member" ? `${describeName(expr.obj)}.${expr.prop}` : "value"
export const evaluate = (expr: Expr, scope: Scope): Value | RenderFailure => {
  if (!scope.budget.spend(1)) return new RenderFailure(tooManySteps())
  switch (expr.k) {
    case "lit":
      return expr.v
    case "tpl": {
      let out = expr.parts[0] ?? ""
      for (let i = 0; i < expr.exprs.length; i++) {
        const value = evaluate(expr.exprs[i]!, scope)
        if (failed(value)) return value
        const text = stringOf(value, scope)
        if (failed(text)) return text
        const part = text + (expr.parts[i + 1] ?? "")
        const joined = built(out + part, scope, part.length)
        if (failed(joined)) return joined
        out = joined
      }
      return out
    }
    case "name": {
      if (!scope.names.has(expr.name)) {
        return new RenderFailure(
          `${expr.name} is not defined (${position(scope.src, expr.at)}); a template can use user, project and variables`
        )
      }
      return scope.names.get(expr.name)
    }
    case "member": {
      const obj = evaluate(expr.obj, scope)
      if (failed(obj)) return obj
      if (obj === null || obj === undefined) {
        if (expr.optional) return undefined
        return new RenderFailure(
          `Cannot read properties of ${String(obj)} (reading '${expr.prop}') at ${describeName(expr)} (${position(scope.src, expr.at)})`
        )
      }
      if (typeof obj === "string") return expr.prop === "length" ? obj.length : undefined
      if (Array.isArray(obj)) return expr.prop === "length" ? obj.length : obj[Number(expr.prop)]
      return isRecord(obj) && Object.hasOwn(obj, expr.prop) ? obj[expr.prop] : undefined
    }
    case "not": {
      const value = evaluate(expr.e, scope)
      return failed(value) ? value : !truthy(value)
    }
    case "cond": {
      const c = evaluate(expr.c, scope)
      if (failed(c)) return c
      return evaluate(truthy(c) ? expr.t : expr.f, scope)
    }
    case "bin":
      return binary(expr, scope)
    case "obj": {
      const out: Record<string, Value> = {}
      for (const [key, valueExpr] of expr.entries) {
        const value = evaluate(valueExpr, scope)
        if (failed(value)) return value
        out[key] = value
      }
      return out
    }
    case "arr": {
      const out: Array<Value> = []
      for (const item of expr.items) {
        const value = evaluate(item, scope)
        if (failed(value)) return value
        out.push(value)
      }
      return out
    }
    case "el":
      return element(expr, scope)
  }
}

const binary = (expr: Extract<Expr, { k: "bin" }>, scope: Scope): Value | RenderFailure => {
  const l = evaluate(expr.l, scope)
  if (failed(l)) return l
  switch (expr.op) {
    case "&&":
      return truthy(l) ? evaluate(expr.r, scope) : l
    case "||":
      return truthy(l) ? l : evaluate(expr.r, scope)
    case "??":
      return l === null || l === undefined ? evaluate(expr.r, scope) : l
  }
  const r = evaluate(expr.r, scope)
  if (failed(r)) return r
  switch (expr.op) {
    case "===":
    case "==":
      return l === r || (expr.op === "==" && (l === null || l === undefined) && (r === null || r === undefined))
    case "!==":
    case "!=":
      return !(l === r || (expr.op === "!=" && (l === null || l === undefined) && (r === null || r === undefined)))
    case "+": {
      if (typeof l === "number" && typeof r === "number") return l + r
      const a = stringOf(l, scope)
      if (failed(a)) return a
      const b = stringOf(r, scope)
      return failed(b) ? b : built(a + b, scope)
    }
  }
}
