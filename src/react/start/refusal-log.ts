/**
 * Why the server ended a request's session, said once in the server's log. A refused session clears the
 * browser's cookies (the person is signed out), and without a word the cause is hard to find: the common one is
 * a backend the browser reaches under another spelling than this server does (`localhost` against `127.0.0.1`,
 * or a proxy's public URL), whose tokens name the browser's. The line names the reason, the token's issuer and
 * the issuers this server accepts, and when the token expires; never the token. Each cause (reason and issuer)
 * is logged once per server, so a browser that keeps sending the refused cookies does not fill the log.
 */
import * as Effect from "effect/Effect"
import { unverifiedClaims } from "../../services/session/session-freshness.js"

/** Causes remembered, so that each is logged once; past this many the log stays quiet. */
const REMEMBERED_CAUSES = 200

/** What the log says about one refusal. */
export interface Refusal {
  /** `InvalidSession.reason`, or `user-not-found` when the token's user no longer exists. */
  readonly reason: string
  readonly message: string
  /** The request's access token, read for its `iss` and `exp` only. */
  readonly accessToken: string | null
  /** The issuers this server accepts for a normal user's token. */
  readonly acceptedIssuers: ReadonlyArray<string>
}

/** The line's facts from the token, which may be forged: its text is quoted, never trusted. */
const tokenFacts = (accessToken: string | null) => {
  const claims = accessToken === null ? undefined : unverifiedClaims(accessToken)
  const iss = claims?.["iss"]
  const exp = claims?.["exp"]
  return {
    // A forged token may hold anything: bounded, and quoted where it is written.
    issuer: typeof iss === "string" ? iss.slice(0, 300) : undefined,
    expiresAt: typeof exp === "number" && Number.isFinite(exp) ? new Date(exp * 1000).toISOString() : undefined
  }
}

/** A logger of refusals for one server: `refused(refusal)` logs a cause the first time it is seen. */
export const makeRefusalLog = () => {
  const seen = new Set<string>()
  const refused = (refusal: Refusal): Effect.Effect<void> =>
    Effect.suspend(() => {
      const { issuer, expiresAt } = tokenFacts(refusal.accessToken)
      const cause = `${refusal.reason}\n${issuer ?? ""}`
      if (seen.has(cause) || seen.size >= REMEMBERED_CAUSES) return Effect.void
      seen.add(cause)
      const hint =
        refusal.reason === "access-token-invalid" && issuer !== undefined && !refusal.acceptedIssuers.includes(issuer)
          ? " If the browser reaches the backend at another URL than this server, pass that URL in acceptedIssuerBaseUrls."
          : ""
      return Effect.logWarning(
        `stackfx: refused a request's session (${refusal.reason}); its cookies are cleared, the browser is signed out. ` +
          `${refusal.message}${hint}`
      ).pipe(
        Effect.annotateLogs({
          reason: refusal.reason,
          receivedIssuer: issuer === undefined ? "(none)" : JSON.stringify(issuer),
          expectedIssuers: refusal.acceptedIssuers.join(" "),
          expiresAt: expiresAt ?? "(unknown)"
        })
      )
    })
  return { refused }
}
