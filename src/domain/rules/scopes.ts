/**
 * Provider scopes as the OAuth start sends them (`provider_scope`): space-separated, each once, in the order
 * first given, as the official SDK merges a link's scopes with its `oauthScopesOnSignIn`.
 */

/**
 * The scopes of `given` (a space-separated string) and `configured` merged, or `undefined` when there are
 * none: `mergeScopes("repo user", ["user", "gist"])` is `"repo user gist"`.
 */
export const mergeScopes = (
  given: string | undefined,
  configured: ReadonlyArray<string> | undefined
): string | undefined => {
  const scopes = [...(given ?? "").split(/\s+/), ...(configured ?? []).flatMap((scope) => scope.split(/\s+/))]
  const unique = [...new Set(scopes.filter((scope) => scope !== ""))]
  return unique.length === 0 ? undefined : unique.join(" ")
}
