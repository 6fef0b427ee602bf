/**
 * The reads of `CurrentUser` (users/current-user.ts names them in its table, `firstLoad`) that every
 * program's first load runs: built with the service's layer rather than loaded with the implementations,
 * so a page's first read sends its request at once. Every byte here is in every first load, so this module
 * imports no schema and not the generic call code (http/service-calls.ts): `get` names its schema through the codec,
 * which loads while the request is under way, and sends through the transport's signed-in-only request.
 */
import * as Effect from "effect/Effect"
import { CurrentUserApi } from "../../contract/current-user.js"
import { authHeadersOf, authJsonOf } from "../session/auth-json.js"
import { AllowedUsers } from "../wire/transport-request.js"
import type { FirstLoadPart } from "../http/service-calls.js"
import { documented, narrowedTo, Transport } from "../http/transport.js"
import { Session } from "../session/session.js"
import { lazySchema } from "../wire/wire-codec-load.js"
import type { CurrentUserCalls, CurrentUserGetOptions } from "./current-user.js"

const read = CurrentUserApi.get

export const makeCurrentUserFirstLoad: Effect.Effect<
  FirstLoadPart<typeof CurrentUserCalls>,
  never,
  Transport | Session
> = Effect.gen(function* () {
  const transport = yield* Transport
  const session = yield* Session

  // No session, or a refresh token the server just rejected (the session ends): a visitor, no request (the
  // transport reads the session once for both).
  const undocumented = narrowedTo()
  const get = Effect.catch(
    transport.requestJsonIfSignedIn(
      { method: read.method, path: read.path },
      // Named through the codec, which loads with the first call: the first load carries no schema.
      lazySchema((codec) => codec.schemas[read.success.client.schemaRef])
    ),
    // The server's way of saying "nobody is signed in": a visitor, not a failure. Handled with the
    // narrowing in one step: this is every page's call.
    // A session the service refuses for its user's state (restricted or anonymous, not accepted) is no
    // user to this call either.
    (error) =>
      error._tag === "CannotGetOwnUserWithoutUser" ||
      error._tag === "RestrictedUserNotAllowed" ||
      error._tag === "AnonymousAuthenticationNotAllowed"
        ? Effect.succeed(null)
        : Effect.fail(undocumented(error))
  )

  const authJson = session.getTokens().pipe(
    // The default freshness is always valid, so InvalidFreshness here would be a bug, not an outcome.
    Effect.catchTag("InvalidFreshness", (e) => Effect.die(e)),
    Effect.map(authJsonOf),
    documented()
  )

  return {
    get,
    getWith: ({ includeAnonymous = false, includeRestricted = false }: CurrentUserGetOptions) =>
      Effect.map(
        Effect.provideService(
          get,
          AllowedUsers,
          includeAnonymous ? "anonymous" : includeRestricted ? "restricted" : "unrestricted"
        ),
        (user) =>
          user !== null && (user.isAnonymous ? !includeAnonymous : user.isRestricted && !includeRestricted)
            ? null
            : user
      ),
    authJson,
    authHeaders: Effect.map(authJson, authHeadersOf)
  }
})
