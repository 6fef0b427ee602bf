/**
 * OAuth redirect URLs lose their `code` and `state` query parameters so the URL sent
 * to the authorize endpoint equals the one sent to the token endpoint. Everything else is kept byte for
 * byte: the query is edited as text, because re-serialising it through URLSearchParams would re-encode
 * the other parameters (`%20` -> `+`) and break that equality.
 */

const OAUTH_CALLBACK_PARAMS: ReadonlySet<string> = new Set(["code", "state"])

const decodeKey = (raw: string): string => {
  const spaced = raw.replace(/\+/g, " ")
  // A malformed escape cannot spell `code` or `state`, so the raw text is as good as its decoding.
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}

/** The query-string key of one `key=value` pair, decoded as URLSearchParams would. */
const pairKey = (pair: string): string => {
  const eq = pair.indexOf("=")
  return decodeKey(eq < 0 ? pair : pair.slice(0, eq))
}

/**
 * The URL without its `code` and `state` query parameters; path, other parameters (order and encoding)
 * and fragment are untouched. Works on absolute and relative URLs.
 *
 * @example
 * stripOAuthCallbackParams("https://app.example.com/cb?code=x&next=%2Fhome&state=y#top")
 * // "https://app.example.com/cb?next=%2Fhome#top"
 * @internal
 */
export const stripOAuthCallbackParams = (url: string): string => {
  const hashAt = url.indexOf("#")
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? "" : url.slice(hashAt)
  const queryAt = beforeHash.indexOf("?")
  if (queryAt < 0) return url
  const kept = beforeHash
    .slice(queryAt + 1)
    .split("&")
    .filter((pair) => !OAUTH_CALLBACK_PARAMS.has(pairKey(pair)))
  const query = kept.length === 0 ? "" : `?${kept.join("&")}`
  return beforeHash.slice(0, queryAt) + query + hash
}
