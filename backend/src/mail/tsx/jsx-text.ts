/**
 * How JSX reads text: HTML character references decoded (in text and in quoted attribute values) and the
 * whitespace between tags folded, as Babel and TypeScript compile it.
 */

const entities: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }

const MAX_CODE_POINT = 0x10ffff

/** A numeric character reference past U+10FFFF, which names no character; `at` is its offset in the text. */
export interface InvalidReference {
  readonly text: string
  readonly at: number
}

/** JSX decodes HTML entities in text and in quoted attribute values. */
export const decodeEntities = (text: string): string | InvalidReference => {
  let invalid: InvalidReference | undefined
  const decoded = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string, at: number) => {
    const hex = name.startsWith("#x") || name.startsWith("#X")
    if (!hex && !name.startsWith("#")) return entities[name] ?? whole
    const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10)
    if (code <= MAX_CODE_POINT) return String.fromCodePoint(code)
    invalid ??= { text: whole, at }
    return ""
  })
  return invalid ?? decoded
}

/**
 * JSX's rule for text between tags: lines are trimmed where they meet a line break, blank lines vanish and
 * the remaining lines are joined by one space (as Babel and TypeScript compile it).
 */
export const jsxText = (raw: string): string | InvalidReference => {
  const lines = raw.split(/\r\n|\n|\r/)
  let lastNonEmpty = 0
  lines.forEach((line, i) => {
    if (/[^ \t]/.test(line)) lastNonEmpty = i
  })
  let out = ""
  lines.forEach((line, i) => {
    let trimmed = line.replace(/\t/g, " ")
    if (i !== 0) trimmed = trimmed.replace(/^ +/, "")
    if (i !== lines.length - 1) trimmed = trimmed.replace(/ +$/, "")
    if (trimmed !== "") out += i === lastNonEmpty ? trimmed : `${trimmed} `
  })
  return decodeEntities(out)
}
