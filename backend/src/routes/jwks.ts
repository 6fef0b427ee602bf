/** The public signing keys of a project, for verifying its access tokens. */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Schema from "effect/Schema"
import { API_PATH_PREFIX } from "@stackfx/lib/domain/api.js"
import type { AccessTokenKind } from "@stackfx/lib/domain/jwt.js"
import { SigningKeys } from "../crypto/signing-keys.js"
import { publicEndpoint } from "../http/endpoint.js"
import { HttpStatusError, json } from "../http/respond.js"
import { Projects } from "../store/project-lookup.js"

const Flag = Schema.optionalKey(Schema.Literals(["true", "false"]))
const JwksQuery = Schema.Struct({ include_restricted: Flag, include_anonymous: Flag })

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

export const routes = [
  publicEndpoint({
    method: "GET",
    path: "/projects/:projectId/.well-known/jwks.json",
    query: JwksQuery,
    handler: ({ params, query }) =>
      Effect.gen(function*() {
        const projectId = params["projectId"] ?? ""
        const project = yield* (yield* Projects).find(projectId)
        // The hosted route answers an unknown project with a plain-text 404, not a known error.
        if (project === undefined) return yield* Effect.fail(new HttpStatusError({ status: 404, message: "Project not found" }))
        const keys = yield* SigningKeys
        // A project publishes its keys before its first token (`jwks` creates missing ones), so verifiers
        // can fetch the set up front.
        return json(yield* keys.jwks(projectId, kindsOf(query)))
      })
  }),
  // The hosted service's OIDC alias for the anonymous issuer (`…/projects-anonymous-users/{id}`): a
  // verifier that derives the key set from the issuer lands on the set with the anonymous keys. There is
  // no such alias for the restricted issuer.
  publicEndpoint({
    method: "GET",
    path: "/projects-anonymous-users/:projectId/.well-known/*",
    handler: ({ params }) =>
      Effect.sync(() => {
        const projectId = encodeURIComponent(params["projectId"] ?? "")
        const rest = params["*"] ?? ""
        return HttpServerResponse.redirect(
          `${API_PATH_PREFIX}/projects/${projectId}/.well-known/${rest}?include_anonymous=true`,
          { status: 307 }
        )
      })
  })
]
