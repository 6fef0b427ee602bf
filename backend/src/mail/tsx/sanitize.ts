/**
 * What of a template's attributes reaches a message. A message is HTML a mail client or a browser opens, so
 * no attribute may run script there:
 *
 * - every event handler is dropped: an attribute whose name starts with `on`, in any case (`onClick`,
 *   `onerror`, `ONMOUSEOVER`; HTML attribute names are case-insensitive);
 * - a URL attribute (`href`, `src`, `background`, `srcset`, …) is dropped unless its value, read as a browser
 *   reads it, is relative or uses a scheme that belongs in mail: `http`, `https`, `mailto` (the hosted
 *   service's own templates link only to `https` URLs and the callback URLs it is given);
 * - a `style` is dropped when it holds what ran script in older mail clients (`expression(`, `javascript:`,
 *   `-moz-binding`, `behavior:`).
 *
 * "As a browser reads it": character references decoded (numeric ones with or without the `;`, and the
 * named ones that spell URL syntax, such as `&colon;` and `&Tab;`), then the URL parser's clean-up, which
 * removes tabs and newlines anywhere and control characters and spaces at either end. This check is
 * stricter still: it removes every control character and space before reading the scheme, so
 * `java&#x09;script:`, `"java\nscript:"` and `"\u0001javascript:"` are all read as `javascript:`.
 */

/** The schemes a URL attribute may use; a relative URL (no scheme) is kept too. */
export const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto"])

/** Attributes whose value is one URL. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  "action",
  "background",
  "cite",
  "classid",
  "codebase",
  "data",
  "dynsrc",
  "formaction",
  "href",
  "icon",
  "longdesc",
  "lowsrc",
  "manifest",
  "poster",
  "profile",
  "src",
  "usemap",
  "xlink:href",
  "xml:base"
])

/** Attributes whose value is a list of URLs: `srcset` (comma-separated, each with a size), `ping`, `archive`. */
const URL_LIST_ATTRIBUTES: ReadonlySet<string> = new Set(["srcset", "ping", "archive"])

/** An event-handler attribute, whatever its case. */
export const isEventHandler = (name: string): boolean => name.toLowerCase().startsWith("on")

const namedReferences: Readonly<Record<string, string>> = {
  amp: "&",
  apos: "'",
  colon: ":",
  comma: ",",
  gt: ">",
  lpar: "(",
  lt: "<",
  newline: "\n",
  nbsp: "\u00a0",
  num: "#",
  period: ".",
  quot: '"',
  rpar: ")",
  sol: "/",
  tab: "\t"
}

const codePointText = (code: number): string =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd"

const decodeOnce = (text: string): string =>
  text.replace(
    /&(?:#x([0-9a-f]{1,8});?|#(\d{1,10});?|([a-z]+);)/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex !== undefined) return codePointText(Number.parseInt(hex, 16))
      if (dec !== undefined) return codePointText(Number.parseInt(dec, 10))
      return namedReferences[(name ?? "").toLowerCase()] ?? whole
    }
  )

// A value still changing after this many passes is an attack on the check, not a link.
const MAX_DECODE_PASSES = 4

/**
 * The value with its references decoded (repeatedly) and every control character (U+0000 to U+001F, U+007F)
 * and space removed, wherever it is; undefined when decoding does not settle.
 */
const compacted = (value: string): string | undefined => {
  let decoded = value
  for (let pass = 0; ; pass++) {
    const next = decodeOnce(decoded)
    if (next === decoded) break
    if (pass === MAX_DECODE_PASSES) return undefined
    decoded = next
  }
  let compact = ""
  for (const ch of decoded) if (ch > " " && ch !== "\u007f") compact += ch
  return compact
}

/** The scheme a browser would read (lower-cased), null for a relative URL, undefined when the value is suspect. */
export const urlScheme = (value: string): string | null | undefined => {
  const compact = compacted(value)
  if (compact === undefined) return undefined
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)
  return scheme === null ? null : (scheme[1] ?? "").toLowerCase()
}

const allowedUrl = (value: string): boolean => {
  const scheme = urlScheme(value)
  return scheme === null || (scheme !== undefined && ALLOWED_URL_SCHEMES.has(scheme))
}

/** The URLs of a list attribute: `srcset` candidates are `url size`, separated by commas; `ping` by spaces. */
const listedUrls = (name: string, value: string): ReadonlyArray<string> =>
  name === "srcset"
    ? value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    : value.split(/\s+/).filter((url) => url !== "")

/** What lets CSS run script in the mail clients that allowed it (IE's `expression()`, bindings, script URLs). */
const CSS_SCRIPT = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:"]

/** Whether an attribute (its name as written, its value as rendered) may reach a message. */
export const keepsAttribute = (name: string, value: string): boolean => {
  const lower = name.toLowerCase()
  if (isEventHandler(lower)) return false
  if (lower === "style") {
    const css = compacted(value)?.toLowerCase()
    return css !== undefined && !CSS_SCRIPT.some((pattern) => css.includes(pattern))
  }
  if (URL_ATTRIBUTES.has(lower)) return allowedUrl(value)
  if (URL_LIST_ATTRIBUTES.has(lower)) return listedUrls(lower, value).every(allowedUrl)
  return true
}
