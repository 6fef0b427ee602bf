/**
 * A parser for the subset of TSX the local backend renders e-mail templates from. The hosted service bundles
 * and runs a template's TSX (React Email); the local backend runs no code, so it reads the template instead:
 * `export function EmailTemplate(...) { return (<JSX>) }`, whose JSX may use string, number and template
 * literals, names (`user.displayName`, `variables.otp`, `project.displayName`), `+`, `!`, `&&`, `||`, `??`,
 * `===`/`!==`, `? :`, object and array literals. Anything else (statements, calls, spreads) is refused with a
 * message naming it, which the routes answer as `EMAIL_RENDERING_ERROR`. Nothing here evaluates anything.
 *
 * Parse functions return the parsed node or a `ParseFailure`; no exception is thrown.
 */

import { type InvalidReference, jsxText, decodeEntities } from "./jsx-text.js"
import { MAX_NESTING, nestsTooDeeply } from "./limits.js"

/** A literal value. */
export type Literal = string | number | boolean | null | undefined

export type Expr =
  | { readonly k: "lit"; readonly v: Literal }
  | { readonly k: "tpl"; readonly parts: ReadonlyArray<string>; readonly exprs: ReadonlyArray<Expr> }
  | { readonly k: "name"; readonly name: string; readonly at: number }
  | { readonly k: "member"; readonly obj: Expr; readonly prop: string; readonly optional: boolean; readonly at: number }
  | { readonly k: "bin"; readonly op: BinaryOperator; readonly l: Expr; readonly r: Expr; readonly at: number }
  | { readonly k: "not"; readonly e: Expr }
  | { readonly k: "cond"; readonly c: Expr; readonly t: Expr; readonly f: Expr }
  | { readonly k: "obj"; readonly entries: ReadonlyArray<readonly [string, Expr]> }
  | { readonly k: "arr"; readonly items: ReadonlyArray<Expr> }
  | Element

export type BinaryOperator = "+" | "&&" | "||" | "??" | "===" | "!==" | "==" | "!="

/** A JSX element; `name` null is a fragment (`<>...</>`). */
export interface Element {
  readonly k: "el"
  readonly name: string | null
  readonly attrs: ReadonlyArray<readonly [string, Expr]>
  readonly children: ReadonlyArray<Child>
  readonly at: number
}

export type Child = { readonly k: "text"; readonly v: string } | Expr

/**
 * Why a source is outside the subset, and where (a character offset). `invalid-character` is a character
 * reference that names no Unicode character (`&#x110000;`): the source is not valid text, which the routes
 * answer as a schema error; anything else is a source the renderer does not render.
 */
export class ParseFailure {
  constructor(
    readonly message: string,
    readonly at: number,
    readonly kind: "unsupported" | "invalid-character" = "unsupported"
  ) {}
}

export const isFailure = (value: unknown): value is ParseFailure => value instanceof ParseFailure

const invalidCharacter = (reference: InvalidReference, at: number) =>
  new ParseFailure(
    `${reference.text.length > 24 ? `${reference.text.slice(0, 24)}…` : reference.text} is not a character: ` +
      `a character reference must name a code point of at most U+10FFFF`,
    at,
    "invalid-character"
  )

const identifier = /[A-Za-z_$][\w$]*/y
const elementName = /[A-Za-z][\w]*(?:[.:-][\w]+)*/y
const attributeName = /[A-Za-z_][\w:-]*/y
const numberLiteral = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** A cursor over a source; every method leaves `pos` after what it read. */
export class Parser {
  pos = 0
  private depth = 0

  constructor(readonly src: string) {}

  private fail(message: string, at: number = this.pos): ParseFailure {
    return new ParseFailure(message, at)
  }

  private startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos)
  }

  private sticky(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos
    const match = pattern.exec(this.src)
    if (match === null) return undefined
    this.pos += match[0].length
    return match[0]
  }

  /** Skips spaces and `//` or `/* *\/` comments. */
  skipSpace(): void {
    for (;;) {
      const before = this.pos
      while (/\s/.test(this.src[this.pos] ?? "")) this.pos++
      if (this.startsWith("//")) {
        const end = this.src.indexOf("\n", this.pos)
        this.pos = end === -1 ? this.src.length : end
      } else if (this.startsWith("/*")) {
        const end = this.src.indexOf("*/", this.pos + 2)
        this.pos = end === -1 ? this.src.length : end + 2
      }
      if (this.pos === before) return
    }
  }

  /** Consumes `text` (after spaces) when it is next. */
  eat(text: string): boolean {
    this.skipSpace()
    if (!this.startsWith(text)) return false
    this.pos += text.length
    return true
  }

  expect(text: string): ParseFailure | undefined {
    return this.eat(text) ? undefined : this.fail(`expected "${text}" but found ${this.describeNext()}`)
  }

  describeNext(): string {
    this.skipSpace()
    return this.pos >= this.src.length
      ? "the end of the source"
      : JSON.stringify(this.src.slice(this.pos, this.pos + 12))
  }

  identifier(): string | undefined {
    this.skipSpace()
    return this.sticky(identifier)
  }

  private enter(): ParseFailure | undefined {
    this.depth++
    return this.depth > MAX_NESTING ? this.fail(nestsTooDeeply()) : undefined
  }

  /** Leaves `levels` levels at once (an operator chain entered one per link). */
  private leaveAll<A>(levels: number, value: A): A {
    this.depth -= levels
    return value
  }

  private leave<A>(value: A): A {
    this.depth--
    return value
  }

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
  private binary(next: () => Expr | ParseFailure, operators: ReadonlyArray<BinaryOperator>): Expr | ParseFailure {
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
  private postfix(): Expr | ParseFailure {
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

  private primary(): Expr | ParseFailure {
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

  private stringLiteral(quote: string): Expr | ParseFailure {
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

  private escape(): string | ParseFailure {
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

  private templateLiteral(): Expr | ParseFailure {
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

  private objectLiteral(): Expr | ParseFailure {
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

  private arrayLiteral(): Expr | ParseFailure {
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

  /** A JSX element or fragment; `pos` is at its `<`. */
  element(): Element | ParseFailure {
    const tooDeep = this.enter()
    if (tooDeep !== undefined) return tooDeep
    const at = this.pos
    this.pos++
    this.skipSpace()
    let name: string | null = null
    const attrs: Array<readonly [string, Expr]> = []
    if (this.startsWith(">")) {
      this.pos++
    } else {
      const tag = this.sticky(elementName)
      if (tag === undefined) return this.fail(`expected an element name but found ${this.describeNext()}`)
      name = tag
      for (;;) {
        this.skipSpace()
        if (this.startsWith("/>")) {
          this.pos += 2
          return this.leave({ k: "el", name, attrs, children: [], at })
        }
        if (this.startsWith(">")) {
          this.pos++
          break
        }
        if (this.startsWith("{")) return this.fail(`spread attributes are not supported (in <${name}>)`)
        const attr = this.sticky(attributeName)
        if (attr === undefined) return this.fail(`expected an attribute of <${name}> but found ${this.describeNext()}`)
        if (!this.eat("=")) {
          attrs.push([attr, { k: "lit", v: true }])
          continue
        }
        this.skipSpace()
        const ch = this.src[this.pos] ?? ""
        if (ch === '"' || ch === "'") {
          const end = this.src.indexOf(ch, this.pos + 1)
          if (end === -1) return this.fail("unterminated attribute value")
          const value = decodeEntities(this.src.slice(this.pos + 1, end))
          if (typeof value !== "string") return invalidCharacter(value, this.pos + 1 + value.at)
          attrs.push([attr, { k: "lit", v: value }])
          this.pos = end + 1
        } else if (ch === "{") {
          this.pos++
          const value = this.expression()
          if (isFailure(value)) return value
          const close = this.expect("}")
          if (close !== undefined) return close
          attrs.push([attr, value])
        } else {
          return this.fail(`expected a value for ${attr} but found ${this.describeNext()}`)
        }
      }
    }
    const children = this.children(name, at)
    return isFailure(children) ? children : this.leave({ k: "el", name, attrs, children, at })
  }

  private children(name: string | null, openedAt: number): ReadonlyArray<Child> | ParseFailure {
    const children: Array<Child> = []
    const label = name === null ? "<>" : `<${name}>`
    for (;;) {
      if (this.pos >= this.src.length) return this.fail(`${label} is never closed`, openedAt)
      if (this.startsWith("</")) {
        this.pos += 2
        this.skipSpace()
        const closing = this.sticky(elementName) ?? null
        if (closing !== name) return this.fail(`${label} is closed by </${closing ?? ""}>`)
        const end = this.expect(">")
        return end ?? children
      }
      const ch = this.src[this.pos]
      if (ch === "<") {
        const child = this.element()
        if (isFailure(child)) return child
        children.push(child)
      } else if (ch === "{") {
        this.pos++
        this.skipSpace()
        if (this.startsWith("}")) {
          this.pos++ // `{}` or `{/* comment */}`
          continue
        }
        if (this.startsWith("...")) return this.fail("spread children are not supported")
        const e = this.expression()
        if (isFailure(e)) return e
        const close = this.expect("}")
        if (close !== undefined) return close
        children.push(e)
      } else {
        const start = this.pos
        while (this.pos < this.src.length && this.src[this.pos] !== "<" && this.src[this.pos] !== "{") this.pos++
        const text = jsxText(this.src.slice(start, this.pos))
        // The offset of a bad reference within trimmed text is not the source's: point at the text.
        if (typeof text !== "string") return invalidCharacter(text, start)
        if (text !== "") children.push({ k: "text", v: text })
      }
    }
  }
}

/** The line and column of an offset, for messages. */
export const position = (src: string, at: number): string => {
  const before = src.slice(0, at).split("\n")
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`
}
