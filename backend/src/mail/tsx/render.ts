/**
 * Renders a template read by `parse.ts` to HTML, the way the hosted service's React Email render would for
 * this subset: the component gets `user`, `project` and `variables`; `<Subject value>` and
 * `<NotificationCategory value>` set the message's subject and category and render nothing; React Email
 * components become plain HTML (no Tailwind inlining: class names are kept as they are). Every value is
 * escaped; `<script>`, `<style>`, `<iframe>` and raw HTML (`dangerouslySetInnerHTML`) are refused, and event
 * handlers and script URLs are dropped (`sanitize.ts`), so a template cannot put active content into a
 * message. A render stays within the limits of `limits.ts` (source size, nesting, output size, steps).
 */
import { htmlToText } from "../html.js"
import { emailTheme, themedFrame } from "../themes.js"
import { MAX_SOURCE_CHARS, sourceTooLong, StepBudget } from "./limits.js"
import { type DeclaredVariable, parseTemplateModule } from "./module.js"
import { isFailure, position } from "./ast.js"
import { evaluate } from "./evaluate.js"
import { childHtml } from "./markup.js"
import { built, failed, isRecord, type Scope, type Value, type ValueRecord } from "./values.js"

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
  const emptyScope: Scope = {
    names: new Map(),
    src,
    budget,
    evaluate,
    subject: undefined,
    notificationCategory: undefined
  }
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
  const scope: Scope = { names, src, budget, evaluate, subject: undefined, notificationCategory: undefined }
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
