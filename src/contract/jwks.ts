/**
 * The public signing keys of a project (no project authentication), for verifying its access tokens:
 * `GET /projects/{project_id}/.well-known/jwks.json`, and the hosted OIDC alias of the anonymous issuer.
 */
import * as Schema from "effect/Schema"
import { endpoint } from "./declaration.js"

const Flag = Schema.optionalKey(Schema.Literals(["true", "false"]))

/** The key kinds asked for besides the normal ones; `include_anonymous` implies `include_restricted`. */
export const JwksQuery = Schema.Struct({ include_restricted: Flag, include_anonymous: Flag })

const Jwk = Schema.Struct({
  kty: Schema.String,
  kid: Schema.optionalKey(Schema.String),
  alg: Schema.optionalKey(Schema.String),
  use: Schema.optionalKey(Schema.String),
  key_ops: Schema.optionalKey(Schema.Array(Schema.String).pipe(Schema.mutable)),
  ext: Schema.optionalKey(Schema.Boolean),
  crv: Schema.optionalKey(Schema.String),
  x: Schema.optionalKey(Schema.String),
  y: Schema.optionalKey(Schema.String),
  n: Schema.optionalKey(Schema.String),
  e: Schema.optionalKey(Schema.String)
})

/**
 * `{ keys: [...] }`. Only public-key members are kept: a key set that carried private or symmetric material
 * would be a misconfiguration, and without it such a key cannot be imported.
 */
export const JwkSet = Schema.Struct({ keys: Schema.Array(Jwk).pipe(Schema.mutable) })

export const JwksApi = {
  get: endpoint({
    name: "jwks.get",
    summary:
      "The project's public signing keys (a JWK set); the keys of restricted and anonymous users' tokens on request",
    method: "GET",
    path: "/projects/{project_id}/.well-known/jwks.json",
    access: "public",
    query: JwksQuery,
    success: JwkSet,
    // An unknown project is a plain-text 404, not a known error.
    errors: []
  }),
  anonymousAlias: endpoint({
    name: "jwks.anonymousAlias",
    summary: "The anonymous issuer's OIDC alias: redirects to the key set with the anonymous keys",
    method: "GET",
    path: "/projects-anonymous-users/{project_id}/.well-known/*",
    access: "public",
    success: { raw: "redirect" },
    errors: []
  })
}
