/**
 * fast-check generators of hostile e-mail template sources: event-handler attributes in random case, URL
 * attributes whose value disguises a script scheme (character references, tabs, newlines, control
 * characters and spaces at any position), deep nesting of elements and expressions, long operator, `!` and
 * member chains (some past the renderer's limits), invalid character references. Used by the sanitizer's
 * property test and by the routes' no-5xx fuzz test.
 */
import fc from "fast-check"
import { hostileTemplate } from "./surfaces.js"

/** A word with each letter's case chosen at random. */
const randomCase = (word: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] === true ? c.toUpperCase() : c.toLowerCase())).join(""))

const handlerName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom("onerror", "onclick", "onmouseover", "onfocus", "onload", "onanimationstart", "on"),
    fc.stringMatching(/^on[a-z]{0,8}$/)
  )
  .chain(randomCase)

const urlAttributeName: fc.Arbitrary<string> = fc
  .constantFrom("href", "src", "background", "srcset", "action", "formaction", "poster", "cite", "xlink:href")
  .chain(randomCase)

const otherAttributeName: fc.Arbitrary<string> = fc.constantFrom("title", "alt", "className", "data-x", "autoFocus")

/** What may be slipped into a scheme: raw whitespace and control characters, and references to them. */
const noise: fc.Arbitrary<string> = fc.constantFrom(
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "&#x09;",
  "&#9",
  "&#10;",
  "&#x0A",
  "&#13;",
  "&Tab;",
  "&NewLine;",
  "&#32;",
  "&#0;"
)

/** A letter, raw or as a numeric character reference (decimal or hex, with or without `;`). */
const disguisedLetter = (c: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(c) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(`&#${c.charCodeAt(0)};`, `&#x${c.charCodeAt(0).toString(16)};`, `&#${c.charCodeAt(0)}`)
    }
  )

/** A URL whose scheme is obfuscated at any position; mostly script schemes, sometimes an allowed one. */
const hostileUrl: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("javascript", "vbscript", "data", "livescript", "https", "http", "mailto", "file"),
    fc.boolean(),
    fc.constantFrom(":", "&colon;", "&#58;", "&#x3a;"),
    fc.constantFrom("alert(1)", "//example.test/x", "text/html,<script>alert(1)</script>", "a@example.test")
  )
  .chain(([scheme, upper, colon, rest]) =>
    fc
      .tuple(
        fc.tuple(...[...(upper ? scheme.toUpperCase() : scheme)].map(disguisedLetter)),
        fc.array(fc.tuple(fc.nat({ max: scheme.length }), noise), { maxLength: 4 }),
        fc.array(noise, { maxLength: 3 })
      )
      .map(([letters, inserts, prefix]) => {
        const parts = [...letters]
        for (const [at, text] of inserts) parts.splice(at, 0, text)
        return `${prefix.join("")}${parts.join("")}${colon}${rest}`
      })
  )

/** An attribute as JSX writes it: a quoted literal (entities decoded by JSX) or an expression. */
const attribute = (link: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(handlerName, fc.constantFrom('"alert(1)"', "{variables.emailVerificationLink}", '{"alert(1)"}'))
      .map(([name, value]) => `${name}=${value}`),
    fc.tuple(handlerName).map(([name]) => name),
    fc
      .tuple(urlAttributeName, hostileUrl, fc.constantFrom("quoted", "expression", "variable"))
      .map(([name, url, form]) =>
        form === "quoted" && !url.includes('"')
          ? `${name}="${url}"`
          : form === "variable"
            ? `${name}={variables.emailVerificationLink}`
            : `${name}={${JSON.stringify(url)}}`
      ),
    fc.tuple(otherAttributeName, fc.string({ maxLength: 8 })).map(([name, v]) => `${name}={${JSON.stringify(v)}}`),
    fc.constant(`href={${JSON.stringify(link)}}`)
  )

const elementName = fc.constantFrom(
  "a",
  "img",
  "div",
  "p",
  "span",
  "table",
  "td",
  "Link",
  "Button",
  "Img",
  "Text",
  "Section"
)

/** An expression: long `+`, `&&`, `||`, `??` chains, `!` runs, member chains, nested parentheses. */
const expression: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(" + ", " && ", " || ", " ?? "), fc.integer({ min: 1, max: 400 }))
    .map(([op, n]) =>
      Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "variables.emailVerificationLink" : '"x"')).join(op)
    ),
  fc.integer({ min: 1, max: 400 }).map((n) => `${"!".repeat(n)}true`),
  fc.integer({ min: 1, max: 400 }).map((n) => `variables${"?.a".repeat(n)}`),
  fc.integer({ min: 1, max: 300 }).map((n) => `${"(".repeat(n)}"p"${")".repeat(n)}`),
  fc.constantFrom("&#x110000;", "&#99999999;").map((e) => JSON.stringify(e))
)

/** A tree of elements, each with hostile attributes, some nested past the nesting limit. */
const body = (link: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(fc.tuple(elementName, fc.array(attribute(link), { maxLength: 4 })), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 260 }),
      fc.option(expression, { nil: undefined }),
      fc.constantFrom("", "text", "&#x110000;", "&#x10FFFF;", "&lt;script&gt;")
    )
    .map(([elements, depth, expr, text]) => {
      const inner = elements
        .map(([name, attrs]) => `<${name} ${attrs.join(" ")}>${text}${expr === undefined ? "" : `{${expr}}`}</${name}>`)
        .join("")
      return `${"<div>".repeat(depth)}${inner}${"</div>".repeat(depth)}`
    })

/** A whole template module and the link its preview and mail get. */
export interface HostileTemplate {
  readonly source: string
  readonly link: string
}

export const hostileTemplateArbitrary: fc.Arbitrary<HostileTemplate> = hostileUrl.chain((link) =>
  body(link).map((jsx) => ({ source: hostileTemplate(jsx, link), link }))
)
