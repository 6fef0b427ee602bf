/**
 * Reads a template module's parts the renderer needs: the JSX `EmailTemplate` returns, its parameter, the
 * declared `variablesSchema` and `EmailTemplate.PreviewVariables` (see `parse.ts` for the subset).
 */
import { type Expr, isFailure, ParseFailure } from "./ast.js"
import { Parser } from "./parse.js"

/** What the renderer needs from a template module. */
export interface TemplateModule {
  /** The JSX `EmailTemplate` returns. */
  readonly body: Expr
  /** The name of the component's parameter when it is one identifier (`props`), not a destructuring. */
  readonly propsName: string | undefined
  /**
   * The declared variables: `none` when the module exports no `variablesSchema` (the template then gets no
   * variables, as on the service), `any` when the schema is not an arktype `type({...})` it can read (every
   * variable passes, as `v => v` does), otherwise the declared keys.
   */
  readonly variables:
    | { readonly k: "none" }
    | { readonly k: "any" }
    | { readonly k: "declared"; readonly keys: ReadonlyArray<DeclaredVariable> }
  /** `EmailTemplate.PreviewVariables = {...}`, when set. */
  readonly preview: Expr | undefined
}

/** One key of `type({...})`: `"string"`, `"number"`, `"string?"`, `"key?": "string"`. */
export interface DeclaredVariable {
  readonly name: string
  readonly type: string
  readonly optional: boolean
}

const declaredVariables = (parser: Parser): TemplateModule["variables"] | ParseFailure => {
  if (!parser.eat("type(")) return { k: "any" }
  parser.skipSpace()
  const schema = parser.expression()
  if (isFailure(schema)) return schema
  if (schema.k !== "obj") return { k: "any" }
  const keys: Array<DeclaredVariable> = []
  for (const [key, value] of schema.entries) {
    const type = value.k === "lit" && typeof value.v === "string" ? value.v : "unknown"
    const optional = key.endsWith("?") || type.endsWith("?")
    keys.push({ name: key.replace(/\?$/, ""), type: type.replace(/\?$/, ""), optional })
  }
  return { k: "declared", keys }
}

/** Skips a balanced `(...)` starting at `pos`; answers false when it never closes. */
const skipBalanced = (parser: Parser): boolean => {
  let depth = 0
  for (; parser.pos < parser.src.length; parser.pos++) {
    const ch = parser.src[parser.pos]
    if (ch === "(") depth++
    else if (ch === ")" && --depth === 0) {
      parser.pos++
      return true
    }
  }
  return false
}

/**
 * Reads a template module: `export function EmailTemplate(props) { return <JSX> }`, plus the optional
 * `export const variablesSchema = type({...})` and `EmailTemplate.PreviewVariables = {...}`. Imports and
 * type annotations are ignored: the renderer knows the React Email components by name.
 */
export const parseTemplateModule = (src: string): TemplateModule | ParseFailure => {
  const fn = /export\s+(?:default\s+)?function\s+EmailTemplate\s*\(/.exec(src)
  if (fn === null) return new ParseFailure("the source exports no function EmailTemplate", 0)
  const parser = new Parser(src)
  parser.pos = fn.index + fn[0].length - 1
  const paramsStart = parser.pos
  if (!skipBalanced(parser)) return new ParseFailure("the parameters of EmailTemplate are never closed", paramsStart)
  const single = /^\(\s*([A-Za-z_$][\w$]*)\s*[:)]/.exec(src.slice(paramsStart, parser.pos))
  const propsName = single?.[1]
  // A return type annotation may sit between the parameters and the body.
  const bodyStart = src.indexOf("{", parser.pos)
  if (bodyStart === -1) return new ParseFailure("EmailTemplate has no body", parser.pos)
  parser.pos = bodyStart + 1
  parser.skipSpace()
  const returnAt = parser.pos
  if (parser.identifier() !== "return") {
    return new ParseFailure(
      "EmailTemplate must consist of a single return statement (the local backend renders JSX, it does not run code)",
      returnAt
    )
  }
  const body = parser.expression()
  if (isFailure(body)) return body
  parser.eat(";")
  const end = parser.expect("}")
  if (end !== undefined) return new ParseFailure("EmailTemplate must end after its return statement", end.at)

  let variables: TemplateModule["variables"] = { k: "none" }
  const schemaAt = /export\s+const\s+variablesSchema\s*=\s*/.exec(src)
  if (schemaAt !== null) {
    const schemaParser = new Parser(src)
    schemaParser.pos = schemaAt.index + schemaAt[0].length
    const declared = declaredVariables(schemaParser)
    if (isFailure(declared)) return declared
    variables = declared
  }

  let preview: Expr | undefined
  const previewAt = /EmailTemplate\.PreviewVariables\s*=\s*/.exec(src)
  if (previewAt !== null) {
    const previewParser = new Parser(src)
    previewParser.pos = previewAt.index + previewAt[0].length
    const value = previewParser.expression()
    if (isFailure(value)) return value
    preview = value
  }
  return { body, propsName, variables, preview }
}
