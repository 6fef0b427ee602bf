/**
 * The implementations of {@link UserApiKeys}, {@link TeamApiKeys} and {@link ServerApiKeys}, loaded on first
 * use (see lazy-service.ts).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ListResponse } from "../../domain/list.js"
import {
  type ProjectApiKeyInput,
  ProjectApiKeyUpdate,
  type ProjectApiKeyType,
  TeamApiKey,
  TeamApiKeyCreate,
  TeamApiKeyCreated,
  UserApiKey,
  UserApiKeyCreate,
  UserApiKeyCreated
} from "../../domain/project-api-key.js"
import { type ProjectApiKeyTimes, projectApiKeyValidity } from "../../domain/rules/api-key-validity.js"
import { ServerTeam } from "../../domain/team.js"
import { ServerUser } from "../../domain/user.js"
import { ApiKeyAccessDenied, ApiKeysDisabled } from "../../errors/client/project-api-keys.js"
import { announcing } from "../changes/data-changes.js"
import { serverApiKeysChanges, teamApiKeysChanges, userApiKeysChanges } from "../changes/write-keys.js"
import { documented } from "../http/endpoint.js"
import { segment } from "../http/path-segment.js"
import { jsonBody, Transport } from "../http/transport.js"
import { encodeInput } from "../http/wire-codec.js"
import { ServerApiKeysErrors, TeamApiKeysErrors, UserApiKeysErrors } from "./project-api-keys-errors.js"
import type { ServerApiKeysShape, TeamApiKeysShape, UserApiKeysShape, WithValidity } from "./project-api-keys.js"

/** Attaches the validity as of the current `Clock` time. */
const withValidity = <K extends ProjectApiKeyTimes>(key: K): Effect.Effect<WithValidity<K>> =>
  Effect.map(Clock.currentTimeMillis, (now) => ({ ...key, validity: projectApiKeyValidity(key, now) }))

const allWithValidity = <K extends ProjectApiKeyTimes>(page: { readonly items: ReadonlyArray<K> }) =>
  Effect.forEach(page.items, withValidity)

interface PlainAnswer {
  readonly _tag: "HttpError"
  readonly status: number
  readonly body: string
}
const isPlain = (error: unknown): error is PlainAnswer =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "HttpError"

/** The service's plain 400 for a project with the kind switched off ("… API keys are not enabled for this project."). */
const disabledRefusal = (keyType: ProjectApiKeyType) =>
<A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeysDisabled, R> =>
  Effect.mapError(self, (error): E | ApiKeysDisabled =>
    isPlain(error) && error.status === 400 && error.body.includes("API keys are not enabled")
      ? new ApiKeysDisabled({ keyType, message: error.body })
      : error)

/** The service's plain 403 for a client naming another user's keys. */
const deniedRefusal = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeyAccessDenied, R> =>
  Effect.mapError(self, (error): E | ApiKeyAccessDenied =>
    isPlain(error) && error.status === 403 ? new ApiKeyAccessDenied({ message: error.body }) : error)

/** Revocation's body, already in its wire form (nothing to check). */
const revokeBody = { revoked: true }

const UserKeyList = ListResponse(UserApiKey)
const TeamKeyList = ListResponse(TeamApiKey)

/** The requests both the client and the server services make; `documented` and the refusals come on top. */
const requests = (transport: typeof Transport.Service) => {
  const encodeUserCreate = encodeInput(UserApiKeyCreate)
  const encodeTeamCreate = encodeInput(TeamApiKeyCreate)
  const encodeUpdate = encodeInput(ProjectApiKeyUpdate)
  const userPath = (id: string) => `/user-api-keys/${segment(id)}`
  const teamPath = (id: string) => `/team-api-keys/${segment(id)}`
  return {
    createUser: (userId: string, input: ProjectApiKeyInput) =>
      encodeUserCreate({ ...input, userId }).pipe(
        Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/user-api-keys", body: jsonBody(body) }, UserApiKeyCreated)),
        Effect.flatMap(withValidity)
      ),
    listUser: (userId: string) =>
      transport.requestJson({ method: "GET", path: "/user-api-keys", query: { user_id: userId } }, UserKeyList).pipe(
        Effect.flatMap(allWithValidity)
      ),
    getUser: (id: string) => transport.requestJson({ method: "GET", path: userPath(id) }, UserApiKey).pipe(Effect.flatMap(withValidity)),
    updateUser: (id: string, patch: ProjectApiKeyUpdate) =>
      encodeUpdate(patch).pipe(
        Effect.flatMap((body) => transport.requestJson({ method: "PATCH", path: userPath(id), body: jsonBody(body) }, UserApiKey)),
        Effect.flatMap(withValidity)
      ),
    revokeUser: (id: string) =>
      transport.requestJson({ method: "PATCH", path: userPath(id), body: jsonBody(revokeBody) }, UserApiKey).pipe(Effect.flatMap(withValidity)),
    createTeam: (teamId: string, input: ProjectApiKeyInput) =>
      encodeTeamCreate({ ...input, teamId }).pipe(
        Effect.flatMap((body) => transport.requestJson({ method: "POST", path: "/team-api-keys", body: jsonBody(body) }, TeamApiKeyCreated)),
        Effect.flatMap(withValidity)
      ),
    listTeam: (teamId: string) =>
      transport.requestJson({ method: "GET", path: "/team-api-keys", query: { team_id: teamId } }, TeamKeyList).pipe(
        Effect.flatMap(allWithValidity)
      ),
    // The service's team routes take the team in the query of every call, not only of the list.
    getTeam: (teamId: string, id: string) =>
      transport.requestJson({ method: "GET", path: teamPath(id), query: { team_id: teamId } }, TeamApiKey).pipe(Effect.flatMap(withValidity)),
    updateTeam: (teamId: string, id: string, patch: ProjectApiKeyUpdate) =>
      encodeUpdate(patch).pipe(
        Effect.flatMap((body) =>
          transport.requestJson({ method: "PATCH", path: teamPath(id), query: { team_id: teamId }, body: jsonBody(body) }, TeamApiKey)
        ),
        Effect.flatMap(withValidity)
      ),
    revokeTeam: (teamId: string, id: string) =>
      transport.requestJson({ method: "PATCH", path: teamPath(id), query: { team_id: teamId }, body: jsonBody(revokeBody) }, TeamApiKey).pipe(
        Effect.flatMap(withValidity)
      ),
    checkUser: (apiKey: string) =>
      transport.requestJson({ method: "POST", path: "/user-api-keys/check", body: jsonBody({ api_key: apiKey }) }, UserApiKey).pipe(
        Effect.flatMap(withValidity)
      ),
    checkTeam: (apiKey: string) =>
      transport.requestJson({ method: "POST", path: "/team-api-keys/check", body: jsonBody({ api_key: apiKey }) }, TeamApiKey).pipe(
        Effect.flatMap(withValidity)
      )
  }
}


export const makeUserApiKeys: Effect.Effect<UserApiKeysShape, never, Transport> = announcing(userApiKeysChanges, Effect.gen(function*() {
  const r = requests(yield* Transport)
  const disabled = disabledRefusal("user")
  return {
    create: (input) => r.createUser("me", input).pipe(documented(...UserApiKeysErrors.create), disabled),
    list: r.listUser("me").pipe(documented(...UserApiKeysErrors.list), disabled),
    get: (id) => r.getUser(id).pipe(documented(...UserApiKeysErrors.get), disabled, deniedRefusal),
    update: (id, patch) => r.updateUser(id, patch).pipe(documented(...UserApiKeysErrors.update), disabled, deniedRefusal),
    revoke: (id) => r.revokeUser(id).pipe(documented(...UserApiKeysErrors.revoke), disabled, deniedRefusal)
  } satisfies UserApiKeysShape
}))

export const makeTeamApiKeys: Effect.Effect<TeamApiKeysShape, never, Transport> = announcing(teamApiKeysChanges, Effect.gen(function*() {
  const r = requests(yield* Transport)
  const refusals = disabledRefusal("team")
  return {
    create: (teamId, input) => r.createTeam(teamId, input).pipe(documented(...TeamApiKeysErrors.create), refusals),
    list: (teamId) => r.listTeam(teamId).pipe(documented(...TeamApiKeysErrors.list), refusals),
    get: (teamId, id) => r.getTeam(teamId, id).pipe(documented(...TeamApiKeysErrors.get), refusals),
    update: (teamId, id, patch) => r.updateTeam(teamId, id, patch).pipe(documented(...TeamApiKeysErrors.update), refusals),
    revoke: (teamId, id) => r.revokeTeam(teamId, id).pipe(documented(...TeamApiKeysErrors.revoke), refusals)
  } satisfies TeamApiKeysShape
}))

export const makeServerApiKeys: Effect.Effect<ServerApiKeysShape, never, Transport> = announcing(serverApiKeysChanges, Effect.gen(function*() {
  const transport = yield* Transport
  const r = requests(transport)
  const user = disabledRefusal("user")
  const team = disabledRefusal("team")
  const E = ServerApiKeysErrors
  return {
    checkUserKey: (apiKey) => r.checkUser(apiKey).pipe(documented(...E.checkUserKey), user),
    checkTeamKey: (apiKey) => r.checkTeam(apiKey).pipe(documented(...E.checkTeamKey), team),
    userOfKey: (apiKey) =>
      r.checkUser(apiKey).pipe(
        Effect.flatMap((key) => transport.requestJson({ method: "GET", path: `/users/${segment(key.userId)}` }, ServerUser)),
        documented(...E.userOfKey),
        user
      ),
    teamOfKey: (apiKey) =>
      r.checkTeam(apiKey).pipe(
        Effect.flatMap((key) => transport.requestJson({ method: "GET", path: `/teams/${segment(key.teamId)}` }, ServerTeam)),
        documented(...E.teamOfKey),
        team
      ),
    createUserKey: (userId, input) => r.createUser(userId, input).pipe(documented(...E.createUserKey), user),
    listUserKeys: (userId) => r.listUser(userId).pipe(documented(...E.listUserKeys), user),
    getUserKey: (id) => r.getUser(id).pipe(documented(...E.getUserKey), user),
    updateUserKey: (id, patch) => r.updateUser(id, patch).pipe(documented(...E.updateUserKey), user),
    revokeUserKey: (id) => r.revokeUser(id).pipe(documented(...E.revokeUserKey), user),
    createTeamKey: (teamId, input) => r.createTeam(teamId, input).pipe(documented(...E.createTeamKey), team),
    listTeamKeys: (teamId) => r.listTeam(teamId).pipe(documented(...E.listTeamKeys), team),
    getTeamKey: (teamId, id) => r.getTeam(teamId, id).pipe(documented(...E.getTeamKey), team),
    updateTeamKey: (teamId, id, patch) => r.updateTeam(teamId, id, patch).pipe(documented(...E.updateTeamKey), team),
    revokeTeamKey: (teamId, id) => r.revokeTeam(teamId, id).pipe(documented(...E.revokeTeamKey), team)
  } satisfies ServerApiKeysShape
}))
