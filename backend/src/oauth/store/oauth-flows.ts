/**
 * Repository of `oauth_outer_states`: the outer leg of an OAuth flow, from `/auth/oauth/authorize` until
 * the provider calls back. A row is found by the inner state the provider hands back, stored as its
 * sha256 (it travels in URLs), and is taken once.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { sha256Hex } from "../../crypto/secrets.js"
import { Db, type DbEffect } from "../../store/db.js"
import { rowDecoder, rowInsert, rowStruct, Timestamp } from "../../store/rows.js"

/** What the callback needs to finish the flow (the `data` column, snake_case in the database). */
export const OAuthFlowData = rowStruct({
  /** The client's redirect URI (hash removed): where the authorization code goes. */
  redirectUri: Schema.String,
  /** Where failures of the callback go; without one they are answered as known errors. */
  errorRedirectUrl: Schema.NullOr(Schema.String),
  afterCallbackRedirectUrl: Schema.NullOr(Schema.String),
  /** The client's state, handed back with the code. */
  state: Schema.String,
  codeChallenge: Schema.String,
  codeChallengeMethod: Schema.String,
  type: Schema.Literals(["authenticate", "link"]),
  /** The signed-in user of a `link` flow. */
  userId: Schema.NullOr(Schema.String),
  providerScope: Schema.NullOr(Schema.String),
  /** The scopes asked of the provider: what its token is stored with. */
  requestedScopes: Schema.Array(Schema.String),
  /** This backend's callback URL as sent to the provider (the token request must repeat it). */
  callbackUrl: Schema.String,
  /** Standard providers: the issuer, and the PKCE verifier and nonce of the inner leg. */
  issuer: Schema.NullOr(Schema.String),
  innerCodeVerifier: Schema.NullOr(Schema.String),
  nonce: Schema.NullOr(Schema.String),
  /**
   * `json` when the authorize call answered `{ location }` (the SDK's flow): no cookie was set, PKCE guards the
   * flow. Absent in flows stored before the mode was kept: those are `redirect` flows.
   */
  responseMode: Schema.optionalKey(Schema.Literals(["json", "redirect"])),
  /** The authorize request's bot-challenge verdict (operations/auth/bot-challenge.ts), for the sign-up it may lead to. */
  botChallengeStatus: Schema.optionalKey(Schema.Literals(["ok", "invalid", "error"])),
  botChallengeVisibleResult: Schema.optionalKey(Schema.Literals(["ok", "invalid", "error"]))
})
export type OAuthFlowData = typeof OAuthFlowData.Type

export const OAuthFlowRow = rowStruct({
  projectId: Schema.String,
  providerId: Schema.String,
  data: OAuthFlowData,
  expiresAt: Timestamp
})
export type OAuthFlowRow = typeof OAuthFlowRow.Type
const rows = rowDecoder(OAuthFlowRow)
const encodeData = Schema.encodeSync(OAuthFlowData)

const insertOauthOuterStatesRow = rowInsert(
  "oauth_outer_states",
  "id, project_id, provider_id, data, created_at, expires_at"
)
export const insertOAuthFlow = (
  flow: OAuthFlowRow & { readonly innerState: string; readonly createdAt: Date }
): DbEffect<void> =>
  insertOauthOuterStatesRow({ ...flow, id: sha256Hex(flow.innerState), data: JSON.stringify(encodeData(flow.data)) })

/** Marks the flow used and returns it; undefined when unknown or already taken (a replayed callback). */
export const takeOAuthFlow = (innerState: string, at: Date): DbEffect<OAuthFlowRow | undefined> =>
  Effect.flatMap(
    Db.query(
      `update oauth_outer_states set used_at = $2 where id = $1 and used_at is null
       returning project_id, provider_id, data, expires_at`,
      [sha256Hex(innerState), at]
    ),
    rows.first
  )

/**
 * The response mode of an unused flow, without using it: the callback needs it before the flow is taken, to
 * know whether the browser must show the flow's cookie.
 */
export const oauthFlowResponseMode = (innerState: string): DbEffect<"json" | "redirect" | undefined> =>
  Effect.map(
    Db.query("select data->>'response_mode' as mode from oauth_outer_states where id = $1 and used_at is null", [
      sha256Hex(innerState)
    ]),
    (rows) => {
      const mode = rows[0]?.["mode"]
      return mode === "json" || mode === "redirect" ? mode : undefined
    }
  )

/** Drops flows that ended long ago, so abandoned sign-ins do not pile up. */
export const deleteOAuthFlowsBefore = (before: Date): DbEffect<void> =>
  Db.run("delete from oauth_outer_states where expires_at < $1", [before])
