/**
 * Which provider serves a project's OAuth provider id. Shared providers (Stack's development keys) are served
 * offline by the built-in development provider. A standard provider (the project's own client id and secret)
 * goes through OpenID Connect when its issuer is known: configured for the project
 * (`PUT /api/v1/local-backend/oauth-providers/{provider_id}`), or well known (google, microsoft, apple, gitlab).
 * A standard provider without an issuer (github, spotify, ... speak plain OAuth 2, not OpenID Connect) is
 * served by the development provider too, so a project configured for production still works offline.
 */
import * as Effect from "effect/Effect"
import type { OAuthProviderConfig } from "@stackfx/lib/domain/project.js"
import { OAuthProviderNotFoundOrNotEnabled } from "@stackfx/lib/errors/known/oauth.js"
import { knownIssuer } from "../protocol/oidc.js"
import { parseScopes } from "../protocol/identity.js"
import type { DbEffect } from "../../store/db.js"
import { findProviderIssuer } from "../store/oauth-accounts.js"
import type { StoredProject } from "../../store/projects/projects.js"

/** How the local backend reaches a provider. */
export type ProviderRoute =
  | { readonly kind: "dev" }
  | { readonly kind: "oidc"; readonly issuer: string; readonly clientId: string; readonly clientSecret: string }

export interface ResolvedProvider {
  readonly config: OAuthProviderConfig
  readonly route: ProviderRoute
}

/** The scopes the hosted service asks each provider for on sign-in. */
const DEFAULT_SCOPES: Readonly<Record<string, string>> = {
  github: "user:email",
  google: "openid email profile",
  microsoft: "openid profile email User.Read",
  spotify: "user-read-email user-read-private",
  facebook: "public_profile email",
  discord: "identify email",
  gitlab: "openid read_user",
  apple: "name email",
  bitbucket: "account email",
  linkedin: "openid profile email",
  x: "users.read tweet.read"
}

/** The sign-in scopes of a provider, plus the extra ones a `link` asked for. */
export const requestedScopes = (
  providerId: string,
  route: ProviderRoute,
  providerScope: string | null
): ReadonlyArray<string> => {
  const base = DEFAULT_SCOPES[providerId] ?? (route.kind === "oidc" ? "openid email profile" : "")
  return parseScopes(`${base} ${providerScope ?? ""}`)
}

/** The provider of the project (every provider listed is enabled: the service has no disabled ones), and how to reach it. */
export const resolveProvider = (
  project: StoredProject,
  providerId: string
): DbEffect<ResolvedProvider, OAuthProviderNotFoundOrNotEnabled> =>
  Effect.gen(function* () {
    const config = project.config.oauthProviders.find((p) => p.id === providerId)
    if (config === undefined) return yield* Effect.fail(new OAuthProviderNotFoundOrNotEnabled({}))
    if (config.type === "shared") return { config, route: { kind: "dev" } }
    const configured = yield* findProviderIssuer(project.id, providerId)
    const issuer = configured ?? knownIssuer(providerId, { microsoftTenantId: config.microsoftTenantId })
    if (issuer === undefined) return { config, route: { kind: "dev" } }
    return { config, route: { kind: "oidc", issuer, clientId: config.clientId, clientSecret: config.clientSecret } }
  })
