/**
 * What it takes to point `@stackframe/js` 2.8.x at the local backend. That release sends its request
 * headers as `X-Hexclave-*` (the project's new name); the local backend speaks WIRE.md's `X-Stack-*`.
 * (The SDK reads both spellings of the response headers, so answers need no change.) While installed,
 * this fetch wrapper renames the request headers; it costs a loop over about a dozen header names per
 * request, which the per-call figures charge to the official SDK.
 */
type FetchInit = Parameters<typeof fetch>[1]

export const renameHexclaveHeaders = (headers: unknown): Record<string, string> => {
  const out: Record<string, string> = {}
  const entries: Iterable<[string, string]> =
    headers instanceof Headers
      ? headers.entries()
      : Array.isArray(headers)
        ? (headers as Array<[string, string]>)
        : Object.entries((headers ?? {}) as Record<string, string>)
  for (const [name, value] of entries) out[name.replace(/^x-hexclave-/i, "x-stack-")] = value
  return out
}

/** `base` with the request headers renamed. */
export const renamingFetch = (base: typeof fetch): typeof fetch =>
  ((input: Parameters<typeof fetch>[0], init?: FetchInit) =>
    base(input, init === undefined ? init : { ...init, headers: renameHexclaveHeaders(init.headers) })) as typeof fetch

/** Installs the renaming wrapper on `globalThis.fetch`; the returned function puts the original back. */
export const hexclaveHeadersAsStack = (): (() => void) => {
  const original = globalThis.fetch
  globalThis.fetch = renamingFetch(original)
  return () => {
    globalThis.fetch = original
  }
}

/**
 * `call` with the renaming wrapper installed only while it runs, so that other clients timed in the same
 * process do not pay for it. Only for calls that run one at a time.
 */
export const asOfficial =
  <A>(call: () => Promise<A>): (() => Promise<A>) =>
  async () => {
    const saved = globalThis.fetch
    globalThis.fetch = renamingFetch(saved)
    try {
      return await call()
    } finally {
      globalThis.fetch = saved
    }
  }
