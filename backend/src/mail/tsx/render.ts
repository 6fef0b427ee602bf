/**
 * Renders a template read by `parse.ts` to HTML, the way the hosted service's React Email render would for
 * this subset: the component gets `user`, `project` and `variables`; `<Subject value>` and
 * `<NotificationCategory value>` set the message's subject and category and render nothing; React Email
 * components become plain HTML (no Tailwind inlining: class names are kept as they are). Every value is
 * escaped; `<script>`, `<style>`, `<iframe>` and raw HTML (`dangerouslySetInnerHTML`) are refused, and event
 * handlers and script URLs are dropped (`sanitize.ts`), so a template cannot put active content into a
 * message. A render stays within the limits of `limits.ts` (source size, nesting, output size, steps).
 */
import { escapeHtml, htmlToText } from "../html.js"
import { emailTheme, themedFrame } from "../themes.js"
import { MAX_OUTPUT_CHARS, MAX_SOURCE_CHARS, outputTooLong, sourceTooLong, StepBudget, tooManySteps } from "./limits.js"
import { components, headings, htmlElements, voidElements } from "./elements.js"
import { type DeclaredVariable, parseTemplateModule } from "./module.js"
import { type Child, type Element, type Expr, isFailure, position } from "./parse.js"
import { isEventHandler, keepsAttribute } from "./sanitize.js"

/** JSON-like values a template computes with; `Markup` is already-rendered HTML (a JSX element's value). */
export type Value = string | number | boolean | null | undefined | Markup | ReadonlyArray<Value> | ValueRecord
export interface ValueRecord {
  readonly [key: string]: Value
}

export class Markup {
  constructor(readonly html: string) {}
}

class RenderFailure {
  constructor(readonly message: string) {}
}
const failed = (value: unknown): value is RenderFailure => value instanceof RenderFailure

/** What a template is rendered with. `variables` are the ones the caller passes, before the schema. */
export interface RenderInput {
  readonly user: { readonly displayName: string | null }
  readonly project: { readonly displayName: string }
  readonly variables: ValueRecord
  /** Merge the template's `PreviewVariables` under `variables`, as the service's preview does. */
  readonly preview?: boolean | undefined
  /** The message's unsubscribe link, which the frame puts in its footer (the hosted theme's place for it). */
  readonly unsubscribeLink?: string | undefined
  /** The email theme the message is framed in (`../themes.ts`); absent, the default light one. */
  readonly themeId?: string | undefined
}

/** A rendered template. `subject` and `notificationCategory` are undefined when the template sets none. */
export interface RenderedTemplate {
  readonly html: string
  readonly text: string
  readonly subject: string | undefined
  readonly notificationCategory: string | undefined
}

/**
 * A render's outcome. A failure's `kind` is `invalid-character` when the source holds a character reference
 * that names no character (not valid text: the routes answer it as a schema error), else `unrendered`.
 */
export type RenderResult =
  | { readonly ok: true; readonly value: RenderedTemplate }
  | { readonly ok: false; readonly error: string; readonly kind: "unrendered" | "invalid-character" }

const isRecord = (value: Value): value is ValueRecord =>
  typeof value === "object" && value !== null && !(value instanceof Markup) && !Array.isArray(value)

const truthy = (value: Value): boolean =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== ""

/** JavaScript's `String(value)` for the values a template can hold. */
const stringOf = (value: Value, scope: Scope): string | RenderFailure => {
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

const describeName = (expr: Expr): string =>
  expr.k === "name" ? expr.name : expr.k === "member" ? `${describeName(expr.obj)}.${expr.prop}` : "value"

interface Scope {
  readonly names: ReadonlyMap<string, Value>
  readonly src: string
  readonly budget: StepBudget
  /** The first `Subject` and `NotificationCategory` values met, in render order. */
  subject: string | undefined
  notificationCategory: string | undefined
}

/**
 * Checks the length of a string the render built and charges the work (one step a character: `added`, the
 * characters new to it when text is appended to a string already charged). Every string a render makes
 * passes here, so none outgrows the output limit and the work stays within the step budget.
 */
const built = (text: string, scope: Scope, added: number = text.length): string | RenderFailure => {
  if (text.length > MAX_OUTPUT_CHARS) return new RenderFailure(outputTooLong())
  return scope.budget.spend(added) ? text : new RenderFailure(tooManySteps())
}

const evaluate = (expr: Expr, scope: Scope): Value | RenderFailure => {
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

/** React's text rendering of a child value. */
const childHtml = (value: Value, scope: Scope): string | RenderFailure => {
  if (value === null || value === undefined || typeof value === "boolean") return ""
  if (value instanceof Markup) return value.html
  if (typeof value === "string") return built(escapeHtml(value), scope)
  if (typeof value === "number") return String(value)
  if (Array.isArray(value)) {
    let out = ""
    for (const item of value) {
      const html = childHtml(item, scope)
      if (failed(html)) return html
      const joined = built(out + html, scope, html.length)
      if (failed(joined)) return joined
      out = joined
    }
    return out
  }
  return new RenderFailure("Objects are not valid as a React child")
}

const childrenHtml = (children: ReadonlyArray<Child>, scope: Scope): string | RenderFailure => {
  let out = ""
  for (const child of children) {
    let html: string | RenderFailure
    if (child.k === "text") {
      html = escapeHtml(child.v)
    } else {
      const value = evaluate(child, scope)
      if (failed(value)) return value
      html = childHtml(value, scope)
      if (failed(html)) return html
    }
    const joined = built(out + html, scope, html.length)
    if (failed(joined)) return joined
    out = joined
  }
  return out
}

const unitless = new Set(["fontWeight", "lineHeight", "opacity", "zIndex", "flex", "flexGrow", "flexShrink", "order"])

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

const styleText = (style: Value, scope: Scope): string | RenderFailure => {
  if (typeof style === "string") return style
  if (!isRecord(style)) return new RenderFailure("style must be an object")
  let css = ""
  for (const [key, value] of Object.entries(style)) {
    if (value === null || value === undefined || value === false) continue
    let rule: string
    if (typeof value === "number") rule = `${kebab(key)}:${value === 0 || unitless.has(key) ? value : `${value}px`}`
    else if (typeof value === "string") rule = `${kebab(key)}:${value}`
    else return new RenderFailure(`style.${key} must be a string or a number`)
    // One value may be referenced many times (a long display name): the joined rules are checked as they grow.
    const joined = built(css === "" ? rule : `${css};${rule}`, scope, rule.length + 1)
    if (failed(joined)) return joined
    css = joined
  }
  return css
}

const attributesHtml = (el: Element, scope: Scope, skip: ReadonlySet<string>): string | RenderFailure => {
  let out = ""
  for (const [name, valueExpr] of el.attrs) {
    if (skip.has(name) || name === "key" || name === "ref" || isEventHandler(name)) continue
    if (name === "dangerouslySetInnerHTML") {
      return new RenderFailure(`dangerouslySetInnerHTML is not supported by the local backend (in <${el.name ?? ""}>)`)
    }
    const value = evaluate(valueExpr, scope)
    if (failed(value)) return value
    if (value === null || value === undefined || value === false) continue
    const wireName = name === "className" ? "class" : name === "htmlFor" ? "for" : name
    if (name === "style") {
      const css = styleText(value, scope)
      if (failed(css)) return css
      if (!keepsAttribute(name, css)) continue
      const attribute = ` style="${escapeHtml(css)}"`
      const styled = built(out + attribute, scope, attribute.length)
      if (failed(styled)) return styled
      out = styled
      continue
    }
    if (value === true) {
      out += ` ${wireName}=""`
      continue
    }
    if (typeof value !== "string" && typeof value !== "number") {
      return new RenderFailure(`the ${name} attribute of <${el.name ?? ""}> must be a string or a number`)
    }
    const text = String(value)
    // React blocks javascript: URLs too; here the attribute is simply left out, as is any other scheme
    // that does not belong in mail.
    if (!keepsAttribute(wireName, text)) continue
    const attribute = ` ${wireName}="${escapeHtml(text)}"`
    const joined = built(out + attribute, scope, attribute.length)
    if (failed(joined)) return joined
    out = joined
  }
  return out
}

const attributeValue = (el: Element, name: string, scope: Scope): Value | RenderFailure => {
  const found = el.attrs.find(([attr]) => attr === name)
  return found === undefined ? undefined : evaluate(found[1], scope)
}

const element = (el: Element, scope: Scope): Markup | RenderFailure => {
  if (el.name === null) {
    const html = childrenHtml(el.children, scope)
    return failed(html) ? html : new Markup(html)
  }
  if (el.name === "Subject" || el.name === "NotificationCategory") {
    const value = attributeValue(el, "value", scope)
    if (failed(value)) return value
    const text = value === undefined ? undefined : stringOf(value, scope)
    if (failed(text)) return text
    if (el.name === "Subject") scope.subject ??= text
    else scope.notificationCategory ??= text
    return new Markup("")
  }
  if (el.name === "Font") return new Markup("")
  let tag: string | null
  const skip = new Set<string>()
  if (el.name === "Heading") {
    const as = attributeValue(el, "as", scope)
    if (failed(as)) return as
    tag = typeof as === "string" && headings.has(as) ? as : "h1"
    skip.add("as")
  } else if (el.name === "Preview") {
    const text = childrenHtml(el.children, scope)
    if (failed(text)) return text
    const html = built(
      `<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0">${text}</div>`,
      scope
    )
    return failed(html) ? html : new Markup(html)
  } else if (Object.hasOwn(components, el.name)) {
    tag = components[el.name] ?? null
  } else if (htmlElements.has(el.name)) {
    tag = el.name
  } else {
    return new RenderFailure(
      `<${el.name}> (${position(scope.src, el.at)}) is not supported by the local backend, which renders the React Email ` +
        `components ${[...Object.keys(components), "Heading", "Preview", "Subject", "NotificationCategory"].join(", ")} and plain HTML elements`
    )
  }
  const children = childrenHtml(el.children, scope)
  if (failed(children)) return children
  if (tag === null) return new Markup(children)
  const attrs = attributesHtml(el, scope, skip)
  if (failed(attrs)) return attrs
  const html = built(voidElements.has(tag) ? `<${tag}${attrs}/>` : `<${tag}${attrs}>${children}</${tag}>`, scope)
  return failed(html) ? html : new Markup(html)
}

/** Arktype's summary line for a variable that does not match its declared type. */
const checkVariable = (declared: DeclaredVariable, value: Value): string | undefined => {
  if (value === undefined)
    return declared.optional ? undefined : `${declared.name} must be ${article(declared.type)} (was missing)`
  const base = declared.type.split(".")[0]
  const actual = value === null ? "null" : typeof value
  if ((base === "string" || base === "number" || base === "boolean") && actual !== base) {
    return `${declared.name} must be ${article(declared.type)} (was ${actual})`
  }
  return undefined
}
const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`)

const unrendered = (error: string): RenderResult => ({ ok: false, error, kind: "unrendered" })

/**
 * Renders a template source. Fails (with the message the routes put in `EMAIL_RENDERING_ERROR`) when the
 * source is outside the subset, a declared variable is missing or of the wrong type, or evaluation fails.
 */
export const renderTemplate = (src: string, input: RenderInput): RenderResult => {
  if (src.length > MAX_SOURCE_CHARS) return unrendered(sourceTooLong(src.length))
  const module = parseTemplateModule(src)
  if (isFailure(module)) {
    const where = `${module.message} (${position(src, module.at)})`
    return module.kind === "invalid-character"
      ? { ok: false, error: where, kind: "invalid-character" }
      : unrendered(`the local backend cannot render this template: ${where}`)
  }
  const budget = new StepBudget()
  const emptyScope: Scope = { names: new Map(), src, budget, subject: undefined, notificationCategory: undefined }
  let given: ValueRecord = input.variables
  if (input.preview === true && module.preview !== undefined) {
    const preview = evaluate(module.preview, emptyScope)
    if (failed(preview)) return unrendered(preview.message)
    if (isRecord(preview)) given = { ...preview, ...input.variables }
  }
  let variables: ValueRecord
  switch (module.variables.k) {
    case "none":
      variables = {}
      break
    case "any":
      variables = given
      break
    case "declared": {
      // The service's schema drops undeclared keys (arktype `onUndeclaredKey: "delete"`).
      const kept: Record<string, Value> = {}
      const problems: Array<string> = []
      for (const declared of module.variables.keys) {
        const value = Object.hasOwn(given, declared.name) ? given[declared.name] : undefined
        const problem = checkVariable(declared, value)
        if (problem !== undefined) problems.push(problem)
        else if (value !== undefined) kept[declared.name] = value
      }
      if (problems.length > 0) return unrendered(problems.join("\n"))
      variables = kept
    }
  }
  const props: ValueRecord = {
    user: { displayName: input.user.displayName },
    project: { displayName: input.project.displayName },
    variables
  }
  const names = new Map<string, Value>(Object.entries(props))
  if (module.propsName !== undefined) names.set(module.propsName, props)
  const scope: Scope = { names, src, budget, subject: undefined, notificationCategory: undefined }
  const body = evaluate(module.body, scope)
  if (failed(body)) return unrendered(body.message)
  const content = childHtml(body, scope)
  if (failed(content)) return unrendered(content.message)
  const html = built(themedFrame(emailTheme(input.themeId), content, input.unsubscribeLink), scope)
  if (failed(html)) return unrendered(html.message)
  return {
    ok: true,
    value: { html, text: htmlToText(html), subject: scope.subject, notificationCategory: scope.notificationCategory }
  }
}
