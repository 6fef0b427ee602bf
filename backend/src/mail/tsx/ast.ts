/**
 * What the e-mail templates' TSX parser (parse.ts) reads a template into: expressions, JSX elements and their
 * children, and why a source is refused (`ParseFailure`, with where). The renderer (render.ts) walks these.
 */

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

/** The line and column of an offset, for messages. */
export const position = (src: string, at: number): string => {
  const before = src.slice(0, at).split("\n")
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`
}
