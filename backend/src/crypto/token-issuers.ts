/**
 * Which `iss` an access token of the local backend may carry. A token names the base URL its request came in on
 * (`{base}/api/v1/projects/{projectId}`, so a client verifies it against the base URL it was configured
 * with), hence one project's tokens carry several issuers: the configured base URL and its loopback aliases
 * (localhost, 127.0.0.1, [::1] on the same port), the base URL of the request being served, and every base
 * URL this process minted under (a browser on `localhost` and a server in a container reach one local backend
 * under different hosts). Anything else, such as the hosted service's issuer, another project's path or a
 * host the local backend never answered on, is refused. With public URLs configured (`--public-url`) the
 * requests' base URLs are those, so every instance behind them gives and accepts the same issuers.
 */
import { type AccessTokenKind, accessTokenIssuer } from "@stackfx/lib/domain/jwt.js"
// The spellings of a loopback base URL are the library's rule: its server tier accepts the same ones.
import { loopbackAliases } from "@stackfx/lib/domain/rules/hosts.js"

export interface TokenIssuers {
  /** Records a base URL a token was minted under. */
  readonly minted: (baseUrl: string) => void
  /**
   * True when `issuer` is one the local backend gives the tokens of `projectId` of this kind (restricted and
   * anonymous users' tokens have paths of their own, `…/projects-restricted-users/…` and
   * `…/projects-anonymous-users/…`).
   */
  readonly accepts: (
    issuer: string,
    projectId: string,
    requestBaseUrl: string | undefined,
    kind?: AccessTokenKind
  ) => boolean
}

/**
 * The issuers of one running local backend. The remembered base URLs come from Host headers, so they are
 * bounded: past `limit` new ones are no longer remembered (the configured and current ones always count).
 */
export const makeTokenIssuers = (
  configBaseUrl: string,
  limit = 1_000,
  publicUrls: ReadonlyArray<string> = []
): TokenIssuers => {
  const bases = new Set<string>([...loopbackAliases(configBaseUrl), ...publicUrls])
  return {
    minted: (baseUrl) => {
      if (bases.size < limit) bases.add(baseUrl.replace(/\/+$/, ""))
    },
    accepts: (issuer, projectId, requestBaseUrl, kind = "normal") => {
      // The issuer of a base URL is that URL followed by the project's path.
      const path = accessTokenIssuer("", projectId, kind)
      if (!issuer.endsWith(path)) return false
      const base = issuer.slice(0, issuer.length - path.length)
      return bases.has(base) || (requestBaseUrl !== undefined && loopbackAliases(requestBaseUrl).includes(base))
    }
  }
}
