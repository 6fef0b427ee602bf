/**
 * API keys of users (`/user-api-keys`) and teams (`/team-api-keys`), served from their declarations
 * (contract/user-team-api-keys.ts): create (any access type), list, read and update (description, revoke) for
 * clients managing their own or their team's, and for servers managing anyone's; `check` (server and admin)
 * answers the key a caller presented, or why it does not work. The answers leave out a `null` expiry or
 * revocation time, as the service does (the declarations' `Hosted*` schemas). The rules are in
 * operations/projects/user-team-api-keys.ts; the order of the checks is the service's: the path, body and query (the
 * declarations' schemas), the project switch, the caller's right, then the key.
 */
import * as Effect from "effect/Effect"
import { TeamApiKeysApi, UserApiKeysApi } from "@stackfx/lib/contract/user-team-api-keys.js"
import type { UserTeamApiKeyType } from "@stackfx/lib/domain/user-team-api-key.js"
import { type RequestLine, requireInput } from "../../http/request.js"
import { serve } from "../../http/serve.js"
import {
  checkPresentedKey,
  createTeamApiKeyFor,
  createUserApiKeyFor,
  ensureKindEnabled,
  type KeyCaller,
  listTeamApiKeys,
  listUserApiKeys,
  readManagedKey,
  STORABLE_EXPIRY,
  updateManagedKey,
  userKeysOwner
} from "../../operations/projects/user-team-api-keys.js"
import { resolveUserId } from "../../operations/acting-user.js"

/**
 * An expiry the database can keep (years 1 to 9999). The service has no limit of its own (its database
 * refuses the rest with a server error), so this is the local backend's, worded as its project key sets'.
 */
const storableExpiry = (expiresAt: Date | null, request: RequestLine) => {
  const millis = expiresAt?.getTime()
  const { min, max } = STORABLE_EXPIRY
  return requireInput(
    request,
    millis === undefined || (millis >= min && millis <= max),
    `body.expires_at_millis: must be between ${min} and ${max} (years 1 to 9999)`
  )
}

/** The key a read or update names (its id's format is the declaration's), once the project switch is on. */
const keyOf = (caller: KeyCaller, type: UserTeamApiKeyType, params: { readonly api_key_id: string }) =>
  Effect.as(ensureKindEnabled(caller, type), params.api_key_id)

const unpaginated = <A>(items: ReadonlyArray<A>) => ({ items, isPaginated: false as const })

export const routes = [
  serve(UserApiKeysApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* ensureKindEnabled(auth, "user")
      yield* storableExpiry(body.expiresAt, request)
      return yield* createUserApiKeyFor(auth, yield* resolveUserId(auth, body.userId), body)
    })
  ),
  serve(TeamApiKeysApi.create, ({ auth, body, request }) =>
    Effect.gen(function* () {
      yield* ensureKindEnabled(auth, "team")
      yield* storableExpiry(body.expiresAt, request)
      return yield* createTeamApiKeyFor(auth, body.teamId, body)
    })
  ),
  serve(UserApiKeysApi.list, ({ auth, query }) =>
    Effect.gen(function* () {
      yield* ensureKindEnabled(auth, "user")
      return unpaginated(yield* listUserApiKeys(auth, yield* userKeysOwner(auth, query.user_id)))
    })
  ),
  serve(UserApiKeysApi.get, ({ auth, params }) =>
    Effect.flatMap(keyOf(auth, "user", params), (id) => readManagedKey(auth, "user", id))
  ),
  serve(UserApiKeysApi.update, ({ auth, body, params }) =>
    Effect.flatMap(keyOf(auth, "user", params), (id) => updateManagedKey(auth, "user", id, body))
  ),
  serve(UserApiKeysApi.check, ({ auth, body }) =>
    Effect.andThen(ensureKindEnabled(auth, "user"), checkPresentedKey(auth.project.id, "user", body.apiKey))
  ),
  serve(TeamApiKeysApi.list, ({ auth, query }) =>
    Effect.andThen(ensureKindEnabled(auth, "team"), Effect.map(listTeamApiKeys(auth, query.team_id), unpaginated))
  ),
  serve(TeamApiKeysApi.get, ({ auth, params }) =>
    Effect.flatMap(keyOf(auth, "team", params), (id) => readManagedKey(auth, "team", id))
  ),
  serve(TeamApiKeysApi.update, ({ auth, body, params }) =>
    Effect.flatMap(keyOf(auth, "team", params), (id) => updateManagedKey(auth, "team", id, body))
  ),
  serve(TeamApiKeysApi.check, ({ auth, body }) =>
    Effect.andThen(ensureKindEnabled(auth, "team"), checkPresentedKey(auth.project.id, "team", body.apiKey))
  )
]
