/**
 * Fetching a published JSON Web Key Set: an OpenID Connect provider's keys for its id_tokens
 * (oauth/protocol/oidc-sign-in.ts) and an external auth provider's for its session tokens
 * (operations/auth/external-auth.ts). JOSE, not OAuth: both verify a JWT with the keys, so neither reaches
 * into the other's folder for them.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { JSONWebKeySet } from "jose"

/** The keys could not be had: the address did not answer, or answered something other than a key set. */
export class JwksUnavailable extends Schema.TaggedError<JwksUnavailable>()("JwksUnavailable", {
  message: Schema.String
}) {}

const Jwks = Schema.Struct({ keys: Schema.Array(Schema.Record(Schema.String, Schema.Unknown)) })

/** The key set published at `jwksUri`. */
export const fetchJwks = (jwksUri: string): Effect.Effect<JSONWebKeySet, JwksUnavailable, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const response = yield* HttpClient.execute(HttpClientRequest.get(jwksUri, { acceptJson: true })).pipe(
      Effect.mapError(() => new JwksUnavailable({ message: "The provider's keys cannot be fetched." }))
    )
    const json = yield* response.json.pipe(
      Effect.mapError(() => new JwksUnavailable({ message: `The provider answered ${response.status} without JSON.` }))
    )
    const jwks = yield* Schema.decodeUnknownEffect(Jwks)(json).pipe(
      Effect.mapError(() => new JwksUnavailable({ message: "The provider's keys have an unexpected shape." }))
    )
    // the decoded keys are JSON objects; jose checks each key's fields itself
    return jwks as unknown as JSONWebKeySet
  })
