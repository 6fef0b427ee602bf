/** The public signing keys of a project, for verifying its access tokens (contract/jwks.ts). */
import * as Effect from "effect/Effect"
import * as HttpEffect from "effect/http/HttpEffect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Schema from "effect/Schema"
import { JwkSet, JwksApi, type JwksQuery } from "@stackfx/lib/contract/jwks.js"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { serve } from "../http/serve.js"
import { requirePublicKeySet } from "../operations/auth/signing-keys.js"

/**
 * The kinds of keys a query asks for. Both flags default to false; `include_anonymous` implies
 * `include_restricted`, as on the hosted service.
 */
const kindsOf = (query: typeof JwksQuery.Type): ReadonlyArray<AccessTokenKind> =>
  query.include_anonymous === "true"
    ? ["normal", "restricted", "anonymous"]
    : query.include_restricted === "true"
      ? ["normal", "restricted"]
      : ["normal"]

/**
 * The hosted key set's caching: an hour, public. A verifier that caches it that long still verifies every
 * token through a rotation, because the set carries the next key before it signs (crypto/key-ring.ts).
 */
export const JWKS_CACHE_CONTROL = "public, max-age=3600"

/**
 * Replaces the `no-store` every answer carries (http/middleware.ts; this handler runs after it, so its
 * pre-response handler runs later), for a found key set only: a 404 stays uncached.
 */
const cachedPublicly = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", JWKS_CACHE_CONTROL))
)

/** The keys the backend publishes are public JWKs (what the declaration's key set keeps). */
const asKeySet = Schema.decodeUnknownEffect(JwkSet)

export const routes = [
  serve(JwksApi.get, ({ params, query }) =>
    Effect.gen(function* () {
      const keys = yield* requirePublicKeySet(params.project_id, kindsOf(query))
      yield* cachedPublicly
      return yield* Effect.orDie(asKeySet(keys))
    })
  ),
  // The hosted service's OIDC alias for the anonymous issuer (`…/projects-anonymous-users/{id}`): a
  // verifier that derives the key set from the issuer lands on the set with the anonymous keys. There is
  // no such alias for the restricted issuer.
  serve(JwksApi.anonymousAlias, ({ params }) =>
    Effect.sync(() => {
      const projectId = encodeURIComponent(params.project_id)
      // The router's name for what the path's `*` matched, beside the declared parameters.
      const rest = (params as Readonly<Record<string, string | undefined>>)["*"] ?? ""
      return HttpServerResponse.redirect(
        `${API_PATH_PREFIX}/projects/${projectId}/.well-known/${rest}?include_anonymous=true`,
        { status: 307 }
      )
    })
  )
]
