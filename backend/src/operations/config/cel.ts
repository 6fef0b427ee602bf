/**
 * The subset of CEL (Common Expression Language) that sign-up rule conditions use on the service:
 * literals (strings, numbers, booleans, lists), names and member access (`riskScores.bot`), `! - && || ?:`,
 * comparisons (`== != < <= > >=`), `in` over a list, parentheses, and the string methods `contains`,
 * `startsWith`, `endsWith` and `matches` (a regular expression). The service evaluates with cel-js; this
 * evaluator answers the same for these forms. Anything else is an error, which the caller treats as the
 * service does (the rule does not match).
 *
 * No exceptions: parsing and evaluation return `{ ok: false, error }` instead.
 */

export type CelValue = string | number | boolean | null | ReadonlyArray<CelValue> | { readonly [key: string]: CelValue }

export type CelResult<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: string }

const ok = <A>(value: A): CelResult<A> => ({ ok: true, value })
const fail = <A>(error: string): CelResult<A> => ({ ok: false, error })

type Token =
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "name"; readonly value: string }
  | { readonly kind: "op"; readonly value: string }

const OPERATORS = ["&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "(", ")", "[", "]", ",", ".", "?", ":", "-"]

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "'": "'" }

const tokenize = (text: string): CelResult<ReadonlyArray<Token>> => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < text.length) {
    const c = text[i] ?? ""
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '"' || c === "'") {
      let value = ""
      i++
      while (i < text.length && text[i] !== c) {
        if (text[i] === "\\") {
          const next = text[i + 1] ?? ""
          value += ESCAPES[next] ?? `\\${next}`
          i += 2
        } else {
          value += text[i]
          i++
        }
      }
      if (i >= text.length) return fail("unterminated string")
      i++
      tokens.push({ kind: "string", value })
      continue
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i))
    if (number !== null) {
      tokens.push({ kind: "number", value: Number(number[0]) })
      i += number[0].length
      continue
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))
    if (name !== null) {
      tokens.push({ kind: "name", value: name[0] })
      i += name[0].length
      continue
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i))
    if (op === undefined) return fail(`unexpected character ${JSON.stringify(c)}`)
    tokens.push({ kind: "op", value: op })
    i += op.length
  }
  return ok(tokens)
}

type Expr =
  | { readonly kind: "literal"; readonly value: CelValue }
  | { readonly kind: "name"; readonly name: string }
  | { readonly kind: "member"; readonly target: Expr; readonly name: string }
  | { readonly kind: "call"; readonly target: Expr; readonly method: string; readonly args: ReadonlyArray<Expr> }
  | { readonly kind: "list"; readonly items: ReadonlyArray<Expr> }
  | { readonly kind: "unary"; readonly op: "!" | "-"; readonly operand: Expr }
  | { readonly kind: "binary"; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "conditional"; readonly test: Expr; readonly then: Expr; readonly otherwise: Expr }

/** A recursive-descent parser over the token list; `pos` moves forward only. */
class Parser {
  private pos = 0
  constructor(private readonly tokens: ReadonlyArray<Token>) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos]
  }

  private isOp(value: string): boolean {
    const t = this.peek()
    return t !== undefined && t.kind === "op" && t.value === value
  }

  private expect(value: string): CelResult<void> {
    if (!this.isOp(value)) return fail(`expected ${value}`)
    this.pos++
    return ok(undefined)
  }

  parseAll(): CelResult<Expr> {
    const expr = this.conditional()
    if (!expr.ok) return expr
    return this.pos === this.tokens.length ? expr : fail("unexpected input after the expression")
  }

  private conditional(): CelResult<Expr> {
    const test = this.binary(0)
    if (!test.ok || !this.isOp("?")) return test
    this.pos++
    const then = this.conditional()
    if (!then.ok) return then
    const colon = this.expect(":")
    if (!colon.ok) return fail(colon.error)
    const otherwise = this.conditional()
    if (!otherwise.ok) return otherwise
    return ok({ kind: "conditional", test: test.value, then: then.value, otherwise: otherwise.value })
  }

  private static readonly LEVELS: ReadonlyArray<ReadonlyArray<string>> = [
    ["||"],
    ["&&"],
    ["==", "!=", "<", "<=", ">", ">=", "in"]
  ]

  private binary(level: number): CelResult<Expr> {
    const ops = Parser.LEVELS[level]
    if (ops === undefined) return this.unary()
    const first = this.binary(level + 1)
    if (!first.ok) return first
    let left: Expr = first.value
    for (;;) {
      const t = this.peek()
      const op =
        t !== undefined && (t.kind === "op" || t.kind === "name") && ops.includes(String(t.value))
          ? String(t.value)
          : undefined
      if (op === undefined) return ok(left)
      this.pos++
      const right = this.binary(level + 1)
      if (!right.ok) return right
      left = { kind: "binary", op, left, right: right.value }
    }
  }

  private unary(): CelResult<Expr> {
    if (this.isOp("!") || this.isOp("-")) {
      const op = this.isOp("!") ? "!" : "-"
      this.pos++
      const operand = this.unary()
      if (!operand.ok) return operand
      return ok({ kind: "unary", op, operand: operand.value })
    }
    return this.postfix()
  }

  private postfix(): CelResult<Expr> {
    const first = this.primary()
    if (!first.ok) return first
    let expr: Expr = first.value
    while (this.isOp(".")) {
      this.pos++
      const name = this.peek()
      if (name === undefined || name.kind !== "name") return fail("expected a name after .")
      this.pos++
      if (this.isOp("(")) {
        this.pos++
        const args = this.list(")")
        if (!args.ok) return fail(args.error)
        expr = { kind: "call", target: expr, method: name.value, args: args.value }
      } else {
        expr = { kind: "member", target: expr, name: name.value }
      }
    }
    return ok(expr)
  }

  /** Comma-separated expressions up to `close` (consumed). */
  private list(close: string): CelResult<ReadonlyArray<Expr>> {
    const items: Array<Expr> = []
    if (this.isOp(close)) {
      this.pos++
      return ok(items)
    }
    for (;;) {
      const item = this.conditional()
      if (!item.ok) return fail(item.error)
      items.push(item.value)
      if (this.isOp(",")) {
        this.pos++
        continue
      }
      const end = this.expect(close)
      return end.ok ? ok(items) : fail(end.error)
    }
  }

  private primary(): CelResult<Expr> {
    const t = this.peek()
    if (t === undefined) return fail("unexpected end of the expression")
    this.pos++
    if (t.kind === "string" || t.kind === "number") return ok({ kind: "literal", value: t.value })
    if (t.kind === "name") {
      if (t.value === "true" || t.value === "false") return ok({ kind: "literal", value: t.value === "true" })
      if (t.value === "null") return ok({ kind: "literal", value: null })
      return ok({ kind: "name", name: t.value })
    }
    if (t.value === "(") {
      const inner = this.conditional()
      if (!inner.ok) return inner
      const close = this.expect(")")
      return close.ok ? inner : fail(close.error)
    }
    if (t.value === "[") {
      const items = this.list("]")
      return items.ok ? ok({ kind: "list", items: items.value }) : fail(items.error)
    }
    return fail(`unexpected ${t.value}`)
  }
}

/** Parses an expression (no evaluation). */
export const parseCel = (text: string): CelResult<Expr> => {
  const tokens = tokenize(text)
  return tokens.ok ? new Parser(tokens.value).parseAll() : fail(tokens.error)
}

const isRecord = (v: CelValue): v is { readonly [key: string]: CelValue } =>
  typeof v === "object" && v !== null && !Array.isArray(v)

const equal = (a: CelValue, b: CelValue): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i] ?? null))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && equal(a[k] ?? null, b[k] ?? null))
  }
  return a === b
}

const STRING_METHODS: Readonly<Record<string, (s: string, arg: string) => CelResult<boolean>>> = {
  contains: (s, a) => ok(s.includes(a)),
  startsWith: (s, a) => ok(s.startsWith(a)),
  endsWith: (s, a) => ok(s.endsWith(a)),
  matches: (s, a) => {
    // An invalid pattern is an evaluation error, as on the service; RegExp reports it only by throwing.
    try {
      return ok(new RegExp(a).test(s))
    } catch {
      return fail(`invalid regular expression in matches(): ${JSON.stringify(a)}`)
    }
  }
}

const evaluate = (expr: Expr, scope: { readonly [key: string]: CelValue }): CelResult<CelValue> => {
  switch (expr.kind) {
    case "literal":
      return ok(expr.value)
    case "name":
      return expr.name in scope ? ok(scope[expr.name] ?? null) : fail(`unknown name ${expr.name}`)
    case "list": {
      const items: Array<CelValue> = []
      for (const item of expr.items) {
        const value = evaluate(item, scope)
        if (!value.ok) return value
        items.push(value.value)
      }
      return ok(items)
    }
    case "member": {
      const target = evaluate(expr.target, scope)
      if (!target.ok) return target
      return isRecord(target.value) && expr.name in target.value
        ? ok(target.value[expr.name] ?? null)
        : fail(`no field ${expr.name}`)
    }
    case "call": {
      const target = evaluate(expr.target, scope)
      if (!target.ok) return target
      const method = STRING_METHODS[expr.method]
      const arg =
        expr.args.length === 1 && expr.args[0] !== undefined
          ? evaluate(expr.args[0], scope)
          : fail<CelValue>("expected one argument")
      if (!arg.ok) return arg
      if (method === undefined || typeof target.value !== "string" || typeof arg.value !== "string") {
        return fail(`no method ${expr.method} for these arguments`)
      }
      return method(target.value, arg.value)
    }
    case "unary": {
      const operand = evaluate(expr.operand, scope)
      if (!operand.ok) return operand
      if (expr.op === "!") return typeof operand.value === "boolean" ? ok(!operand.value) : fail("! needs a boolean")
      return typeof operand.value === "number" ? ok(-operand.value) : fail("- needs a number")
    }
    case "conditional": {
      const test = evaluate(expr.test, scope)
      if (!test.ok) return test
      if (typeof test.value !== "boolean") return fail("?: needs a boolean condition")
      return evaluate(test.value ? expr.then : expr.otherwise, scope)
    }
    case "binary":
      return evaluateBinary(expr.op, expr.left, expr.right, scope)
  }
}

const evaluateBinary = (
  op: string,
  leftExpr: Expr,
  rightExpr: Expr,
  scope: { readonly [key: string]: CelValue }
): CelResult<CelValue> => {
  const left = evaluate(leftExpr, scope)
  if (op === "&&" || op === "||") {
    // CEL's logical operators short-circuit (and absorb an error on the other side when they can decide).
    if (left.ok && left.value === (op === "||")) return ok(op === "||")
    const right = evaluate(rightExpr, scope)
    if (right.ok && right.value === (op === "||")) return ok(op === "||")
    if (!left.ok) return left
    if (!right.ok) return right
    if (typeof left.value !== "boolean" || typeof right.value !== "boolean") return fail(`${op} needs booleans`)
    return ok(op === "&&" ? left.value && right.value : left.value || right.value)
  }
  if (!left.ok) return left
  const right = evaluate(rightExpr, scope)
  if (!right.ok) return right
  const a = left.value
  const b = right.value
  switch (op) {
    case "==":
      return ok(equal(a, b))
    case "!=":
      return ok(!equal(a, b))
    case "in":
      if (Array.isArray(b)) return ok(b.some((item) => equal(item, a)))
      if (isRecord(b) && typeof a === "string") return ok(a in b)
      return fail("in needs a list or a map")
    default: {
      const comparable =
        (typeof a === "number" && typeof b === "number") || (typeof a === "string" && typeof b === "string")
      if (!comparable) return fail(`${op} needs two numbers or two strings`)
      return ok(op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b)
    }
  }
}

/** Evaluates a condition to a boolean; an expression that does not is an error. */
export const evaluateCelCondition = (text: string, scope: { readonly [key: string]: CelValue }): CelResult<boolean> => {
  const parsed = parseCel(text)
  if (!parsed.ok) return fail(parsed.error)
  const value = evaluate(parsed.value, scope)
  if (!value.ok) return fail(value.error)
  return typeof value.value === "boolean"
    ? ok(value.value)
    : fail(`the condition gave ${JSON.stringify(value.value)}, not a boolean`)
}
