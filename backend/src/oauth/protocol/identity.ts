/** Who a provider says signed in: what the OAuth callback needs to find, create or link a user. */
export interface OAuthIdentity {
  readonly providerId: string
  /** The provider's stable id of the account (`sub` for OpenID Connect). */
  readonly accountId: string
  readonly email: string | null
  readonly displayName: string | null
  readonly emailVerified: boolean
  readonly profileImageUrl: string | null
  /** The provider's access token, kept for connected-account access tokens. */
  readonly accessToken: string
  readonly refreshToken: string | null
  readonly scopes: ReadonlyArray<string>
}

/** Split an OAuth `scope` string; several separators are used in the wild. */
export const parseScopes = (scope: string | null | undefined): ReadonlyArray<string> =>
  scope === null || scope === undefined ? [] : [...new Set(scope.split(/[\s,]+/).filter((s) => s !== ""))]
