/**
 * An independent reading of a rendered message, for the tests of the template sanitizer: every start tag's
 * attributes as a browser's tokenizer splits them, values with their character references decoded, and each
 * URL attribute's scheme as the WHATWG URL parser (Node's `URL`, the browsers' algorithm) reads it. It shares
 * no code with the renderer, so a hole in the sanitizer's own reading does not hide here.
 */

/** The schemes a message may link to (a relative URL resolves against an https base). */
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"])

const URL_ATTRIBUTES = new Set([
  "action",
  "background",
  "cite",
  "data",
  "formaction",
  "href",
  "longdesc",
  "lowsrc",
  "dynsrc",
  "poster",
  "src",
  "usemap",
  "xlink:href"
])

const named: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }

/** Character references as the HTML tokenizer decodes them in an attribute value (numeric ones may omit `;`). */
const decodeReferences = (value: string): string =>
  value.replace(/&(?:#x([0-9a-f]+);?|#(\d+);?|([a-z]+);)/gi, (whole, hex?: string, dec?: string, name?: string) => {
    if (hex !== undefined || dec !== undefined) {
      const code = hex === undefined ? Number(dec) : Number.parseInt(hex, 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd"
    }
    return named[(name ?? "").toLowerCase()] ?? whole
  })

const protocolOf = (url: string): string | undefined => {
  try {
    return new URL(url, "https://base.invalid/").protocol
  } catch {
    // The browser follows no link it cannot parse.
    return undefined
  }
}

/** Every event-handler attribute and every URL attribute with a scheme that does not belong in mail. */
export const activeContent = (html: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  for (const tag of html.matchAll(/<([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const attributes = tag[2] ?? ""
    for (const attribute of attributes.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const name = (attribute[1] ?? "").toLowerCase()
      const value = decodeReferences(attribute[2] ?? attribute[3] ?? attribute[4] ?? "")
      if (name.startsWith("on")) found.push(`<${tag[1]}> ${name}`)
      const urls =
        name === "srcset"
          ? value.split(",").map((c) => c.trim().split(/\s+/)[0] ?? "")
          : URL_ATTRIBUTES.has(name)
            ? [value]
            : []
      for (const url of urls) {
        const protocol = protocolOf(url)
        if (protocol !== undefined && !ALLOWED_PROTOCOLS.has(protocol)) {
          found.push(`<${tag[1]}> ${name}=${JSON.stringify(url.slice(0, 60))}`)
        }
      }
    }
  }
  return found
}
