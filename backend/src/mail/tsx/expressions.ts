/**
 * The expressions of the TSX subset (parse.ts): names and member accesses, `+`, `!`, `&&`, `||`, `??`,
 * `===`/`!==`, `? :`, parentheses, and the literals (literals.ts) and elements (parse.ts) they hold.
 */
import { type BinaryOperator, type Element, type Expr, isFailure, type ParseFailure } from "./ast.js"
import { identifier } from "./cursor.js"
import { LiteralParser } from "./literals.js"

const numberLiteral = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

export abstract class ExpressionParser extends LiteralParser {
  /** A JSX element or fragment (parse.ts); `pos` is at its `<`. */
  abstract element(): Element | ParseFailure

  /** One expression, e.g. `user.displayName ? ", " + user.displayName : ""`. */
  expression(): Expr | ParseFailure {
    const tooDeep = this.enter()
    if (tooDeep !== undefined) return tooDeep
    const c = this.or()
    if (isFailure(c)) return c
    this.skipSpace()
    if (this.startsWith("?") && !this.startsWith("??") && !this.startsWith("?.")) {
      this.pos++
      const t = this.expression()
      if (isFailure(t)) return t
      const colon = this.expect(":")
      if (colon !== undefined) return colon
      const f = this.expression()
      if (isFailure(f)) return f
      return this.leave({ k: "cond", c, t, f })
    }
    return this.leave(c)
  }

  /**
   * A left-associative chain. Its tree is as deep as the chain is long, and rendering it recurses that deep,
   * so each link counts as a level of nesting.
   */
  protected binary(next: () => Expr | ParseFailure, operators: ReadonlyArray<BinaryOperator>): Expr | ParseFailure {
    let l = next()
    let links = 0
    for (;;) {
      if (isFailure(l)) return l
      this.skipSpace()
      const at = this.pos
      const op = operators.find((o) => this.startsWith(o) && !(o === "+" && this.startsWith("++")))
      if (op === undefined) return this.leaveAll(links, l)
      const tooDeep = this.enter()
      if (tooDeep !== undefined) return tooDeep
      links++
      this.pos += op.length
      const r = next()
      if (isFailure(r)) return r
      l = { k: "bin", op, l, r, at }
    }
  }

  private or = (): Expr | ParseFailure => this.binary(this.and, ["||", "??"])
  private and = (): Expr | ParseFailure => this.binary(this.equality, ["&&"])
  private equality = (): Expr | ParseFailure => this.binary(this.sum, ["===", "!==", "==", "!="])
  private sum = (): Expr | ParseFailure => this.binary(this.unary, ["+"])

  private unary = (): Expr | ParseFailure => {
    this.skipSpace()
    if (this.startsWith("!") && !this.startsWith("!=")) {
      const tooDeep = this.enter()
      if (tooDeep !== undefined) return tooDeep
      this.pos++
      const e = this.unary()
      return isFailure(e) ? e : this.leave({ k: "not", e })
    }
    return this.postfix()
  }

  /** Member accesses; like an operator chain, each link is a level of nesting. */
  protected postfix(): Expr | ParseFailure {
    let e = this.primary()
    let links = 0
    for (;;) {
      if (isFailure(e)) return e
      this.skipSpace()
      const at = this.pos
      const optional = this.startsWith("?.")
      const member = optional || (this.startsWith(".") && !this.startsWith("...")) || this.startsWith("[")
      if (member) {
        const tooDeep = this.enter()
        if (tooDeep !== undefined) return tooDeep
        links++
      }
      if (optional || (this.startsWith(".") && !this.startsWith("..."))) {
        this.pos += optional ? 2 : 1
        const prop = this.identifier()
        if (prop === undefined) return this.fail("expected a property name")
        e = { k: "member", obj: e, prop, optional, at }
      } else if (this.startsWith("[")) {
        this.pos++
        this.skipSpace()
        const key = this.primary()
        if (isFailure(key)) return key
        if (key.k !== "lit" || (typeof key.v !== "string" && typeof key.v !== "number")) {
          return this.fail("only a literal key is supported inside [...]", at)
        }
        const close = this.expect("]")
        if (close !== undefined) return close
        e = { k: "member", obj: e, prop: String(key.v), optional: false, at }
      } else if (this.startsWith("(")) {
        return this.fail("function calls are not supported", at)
      } else {
        return this.leaveAll(links, e)
      }
    }
  }

  protected primary(): Expr | ParseFailure {
    this.skipSpace()
    const at = this.pos
    const ch = this.src[this.pos] ?? ""
    if (ch === '"' || ch === "'") return this.stringLiteral(ch)
    if (ch === "`") return this.templateLiteral()
    if (/\d/.test(ch)) {
      const digits = this.sticky(numberLiteral)
      return { k: "lit", v: Number(digits) }
    }
    if (ch === "(") {
      this.pos++
      const inner = this.expression()
      if (isFailure(inner)) return inner
      const close = this.expect(")")
      return close ?? inner
    }
    if (ch === "{") return this.objectLiteral()
    if (ch === "[") return this.arrayLiteral()
    if (ch === "<") return this.element()
    const name = this.sticky(identifier)
    if (name === undefined) return this.fail(`unexpected ${this.describeNext()}`)
    switch (name) {
      case "true":
        return { k: "lit", v: true }
      case "false":
        return { k: "lit", v: false }
      case "null":
        return { k: "lit", v: null }
      case "undefined":
        return { k: "lit", v: undefined }
      default:
        return { k: "name", name, at }
    }
  }
}
