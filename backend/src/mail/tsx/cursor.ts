/**
 * The cursor the TSX parser reads a source with (parse.ts): where it is, spaces and comments skipped, a token
 * eaten or expected, and how deep it is (a source nested past MAX_NESTING is refused, since rendering recurses
 * as deep as the tree).
 */
import { ParseFailure } from "./ast.js"
import { MAX_NESTING, nestsTooDeeply } from "./limits.js"

/** A name (`user`, `displayName`), read where the cursor is. */
export const identifier = /[A-Za-z_$][\w$]*/y

/** A cursor over a source; every method leaves `pos` after what it read. */
export class Cursor {
  pos = 0
  private depth = 0

  constructor(readonly src: string) {}

  protected fail(message: string, at: number = this.pos): ParseFailure {
    return new ParseFailure(message, at)
  }

  protected startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos)
  }

  protected sticky(pattern: RegExp): string | undefined {
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

  protected enter(): ParseFailure | undefined {
    this.depth++
    return this.depth > MAX_NESTING ? this.fail(nestsTooDeeply()) : undefined
  }

  /** Leaves `levels` levels at once (an operator chain entered one per link). */
  protected leaveAll<A>(levels: number, value: A): A {
    this.depth -= levels
    return value
  }

  protected leave<A>(value: A): A {
    this.depth--
    return value
  }
}
