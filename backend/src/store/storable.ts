/**
 * What PostgreSQL can store, for checks made before a statement runs (a refused statement would
 * otherwise surface as a 500).
 */

/** Why `text` cannot be a text or jsonb value; `undefined` when it can. */
export const unstorableTextReason = (text: string): string | undefined => {
  // text and jsonb cannot hold U+0000, and a lone UTF-16 surrogate is not a character at all (jsonb
  // refuses its escape). `\p{Cs}` with the `u` flag matches only surrogates that are not part of a pair.
  // oxlint-disable-next-line no-control-regex -- U+0000 is what this looks for
  const found = /\u0000|\p{Cs}/u.exec(text)
  if (found === null) return undefined
  return found[0] === "\u0000"
    ? "must not contain the NUL character (U+0000)"
    : "must be valid Unicode (it holds an unpaired surrogate)"
}

/** True when every one of `texts` can be stored as text. */
export const isStorableText = (...texts: ReadonlyArray<string>): boolean =>
  texts.every((text) => unstorableTextReason(text) === undefined)

/**
 * The timestamps the database keeps: years 1 to 9999. The drivers send a `Date` as an ISO string, which
 * PostgreSQL only reads with a four-digit year after year 0; anything else would fail the statement.
 */
export const STORABLE_MILLIS = {
  // 0001-01-01T00:00:00.000Z (Date.UTC would read year 1 as 1901)
  min: -62_135_596_800_000,
  // 9999-12-31T23:59:59.999Z
  max: 253_402_300_799_999
} as const
