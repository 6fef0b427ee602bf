/**
 * Renders JSX elements and their children to HTML as React would: text escaped, React Email components as plain
 * HTML (elements.ts), attributes sanitized (sanitize.ts), `<Subject>` and `<NotificationCategory>` recorded in
 * the scope. An element's expressions are evaluated by the scope's evaluator (evaluate.ts).
 */
import { escapeHtml } from "../html.js"
import { type Child, type Element, position } from "./ast.js"
import { components, headings, htmlElements, voidElements } from "./elements.js"
import { isEventHandler, keepsAttribute } from "./sanitize.js"
import { built, failed, isRecord, Markup, RenderFailure, type Scope, stringOf, type Value } from "./values.js"

/** React's text rendering of a child value. */
export const childHtml = (value: Value, scope: Scope): string | RenderFailure => {
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
      const value = scope.evaluate(child, scope)
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
    const value = scope.evaluate(valueExpr, scope)
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
  return found === undefined ? undefined : scope.evaluate(found[1], scope)
}

export const element = (el: Element, scope: Scope): Markup | RenderFailure => {
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
