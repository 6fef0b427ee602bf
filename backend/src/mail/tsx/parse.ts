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

import { type Child, type Element, type Expr, isFailure, ParseFailure } from "./ast.js"
import { ExpressionParser } from "./expressions.js"
import { type InvalidReference, jsxText, decodeEntities } from "./jsx-text.js"

const invalidCharacter = (reference: InvalidReference, at: number) =>
  new ParseFailure(
    `${reference.text.length > 24 ? `${reference.text.slice(0, 24)}…` : reference.text} is not a character: ` +
      `a character reference must name a code point of at most U+10FFFF`,
    at,
    "invalid-character"
  )

const elementName = /[A-Za-z][\w]*(?:[.:-][\w]+)*/y
const attributeName = /[A-Za-z_][\w:-]*/y

/**
 * The parser: a template's JSX elements and their children here, over the expressions (expressions.ts), the
 * literals (literals.ts) and the cursor (cursor.ts) it stands on.
 */
export class Parser extends ExpressionParser {
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

  protected children(name: string | null, openedAt: number): ReadonlyArray<Child> | ParseFailure {
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
