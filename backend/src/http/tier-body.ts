/**
 * A body decoded with the schema of the caller's tier: the client schema for clients, refusing the
 * server-only fields by name (the decoder would silently drop them), and the server schema otherwise.
 * Shared by every route whose body differs by tier (users, teams).
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import type { Auth } from "./auth.js"
import { type RequestLine, schemaErrorOf, validate } from "./request.js"

export const tierBody = <C extends Schema.Top & { readonly DecodingServices: never }, S extends Schema.Top & { readonly DecodingServices: never }>(
  auth: Pick<Auth, "accessType">,
  raw: unknown,
  request: RequestLine,
  schemas: { readonly client: C; readonly server: S; readonly serverOnlyFields: ReadonlyArray<string> }
): Effect.Effect<C["Type"] | S["Type"], SchemaError> => {
  const body = raw ?? {}
  if (auth.accessType !== "client") return validate(schemas.server, "body", body, request)
  const forbidden = typeof body === "object" && body !== null
    ? schemas.serverOnlyFields.filter((field) => field in body)
    : []
  if (forbidden.length > 0) {
    return Effect.fail(schemaErrorOf(request, forbidden.map((f) => `body.${f}: only server and admin access may set it`)))
  }
  return validate(schemas.client, "body", body, request)
}
