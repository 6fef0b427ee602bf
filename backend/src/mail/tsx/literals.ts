/**
 * The literals of the TSX subset (parse.ts): strings with their escapes, template literals, object and array
 * literals. Their parts are expressions, which the expression parser above this class reads.
 */
import { type Expr, isFailure, type ParseFailure } from "./ast.js"
import { Cursor } from "./cursor.js"

export abstract class LiteralParser extends Cursor {
  /** One expression (expressions.ts). */
  abstract expression(): Expr | ParseFailure

  protected stringLiteral(quote: string): Expr | ParseFailure {
    const start = this.pos
    this.pos++
    let out = ""
    for (;;) {
      const ch = this.src[this.pos]
      if (ch === undefined || ch === "\n") return this.fail("unterminated string", start)
      this.pos++
      if (ch === quote) return { k: "lit", v: out }
      if (ch === "\\") {
        const escaped = this.escape()
        if (isFailure(escaped)) return escaped
        out += escaped
      } else {
        out += ch
      }
    }
  }

  protected escape(): string | ParseFailure {
    const ch = this.src[this.pos] ?? ""
    this.pos++
    switch (ch) {
      case "n":
        return "\n"
      case "t":
        return "\t"
      case "r":
        return "\r"
      case "u": {
        const hex = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.pos, this.pos + 4))
        if (hex === null) return this.fail("bad \\u escape")
        this.pos += 4
        return String.fromCharCode(Number.parseInt(hex[0], 16))
      }
      case "\n":
        return ""
      default:
        return ch
    }
  }

  protected templateLiteral(): Expr | ParseFailure {
    const start = this.pos
    this.pos++
    const parts: Array<string> = []
    const exprs: Array<Expr> = []
    let current = ""
    for (;;) {
      const ch = this.src[this.pos]
      if (ch === undefined) return this.fail("unterminated template literal", start)
      this.pos++
      if (ch === "`") {
        parts.push(current)
        return { k: "tpl", parts, exprs }
      }
      if (ch === "\\") {
        const escaped = this.escape()
        if (isFailure(escaped)) return escaped
        current += escaped
      } else if (ch === "$" && this.src[this.pos] === "{") {
        this.pos++
        parts.push(current)
        current = ""
        const e = this.expression()
        if (isFailure(e)) return e
        const close = this.expect("}")
        if (close !== undefined) return close
        exprs.push(e)
      } else {
        current += ch
      }
    }
  }

  protected objectLiteral(): Expr | ParseFailure {
    const tooDeep = this.enter()
    if (tooDeep !== undefined) return tooDeep
    this.pos++
    const entries: Array<readonly [string, Expr]> = []
    for (;;) {
      if (this.eat("}")) return this.leave({ k: "obj", entries })
      if (this.eat("...")) return this.fail("spread is not supported")
      this.skipSpace()
      const ch = this.src[this.pos] ?? ""
      const key = ch === '"' || ch === "'" ? this.stringLiteral(ch) : this.identifier()
      if (key === undefined) return this.fail(`expected a property name but found ${this.describeNext()}`)
      if (isFailure(key)) return key
      const name = typeof key === "string" ? key : String(key.k === "lit" ? key.v : "")
      let value: Expr | ParseFailure
      if (this.eat(":")) value = this.expression()
      else value = { k: "name", name, at: this.pos } // shorthand `{ user }`
      if (isFailure(value)) return value
      entries.push([name, value])
      if (!this.eat(",")) {
        const close = this.expect("}")
        if (close !== undefined) return close
        return this.leave({ k: "obj", entries })
      }
    }
  }

  protected arrayLiteral(): Expr | ParseFailure {
    const tooDeep = this.enter()
    if (tooDeep !== undefined) return tooDeep
    this.pos++
    const items: Array<Expr> = []
    for (;;) {
      if (this.eat("]")) return this.leave({ k: "arr", items })
      const item = this.expression()
      if (isFailure(item)) return item
      items.push(item)
      if (!this.eat(",")) {
        const close = this.expect("]")
        if (close !== undefined) return close
        return this.leave({ k: "arr", items })
      }
    }
  }
}
