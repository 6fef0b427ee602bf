/**
 * The implementations of {@link UserApiKeys}, {@link TeamApiKeys} and {@link ServerApiKeys}, loaded on first
 * use (see lazy-service.ts). Every member is one or two calls of the declared endpoints
 * (contract/project-api-keys.ts), its key given its validity as of the `Clock` and the service's plain-text
 * refusals turned into `ApiKeysDisabled` / `ApiKeyAccessDenied`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TeamApiKeysApi, UserApiKeysApi } from "../../contract/project-api-keys.js"
import { TeamsApi } from "../../contract/teams.js"
import { UsersApi } from "../../contract/users.js"
import type { ProjectApiKeyInput, ProjectApiKeyType, ProjectApiKeyUpdate } from "../../domain/project-api-key.js"
import { type ProjectApiKeyTimes, projectApiKeyValidity } from "../../domain/rules/api-key-validity.js"
import { ApiKeyAccessDenied, ApiKeysDisabled } from "../../errors/client/project-api-keys.js"
import { caller } from "../http/call.js"
import { implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { ServerApiKeysCalls, TeamApiKeysCalls, UserApiKeysCalls, type WithValidity } from "./project-api-keys-calls.js"

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
const disabledRefusal =
  (keyType: ProjectApiKeyType) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeysDisabled, R> =>
    Effect.mapError(self, (error): E | ApiKeysDisabled =>
      isPlain(error) && error.status === 400 && error.body.includes("API keys are not enabled")
        ? new ApiKeysDisabled({ keyType, message: error.body })
        : error
    )

/** The service's plain 403 for a client naming another user's keys. */
const deniedRefusal = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | ApiKeyAccessDenied, R> =>
  Effect.mapError(self, (error): E | ApiKeyAccessDenied =>
    isPlain(error) && error.status === 403 ? new ApiKeyAccessDenied({ message: error.body }) : error
  )

/** A body the member builds itself (`{ revoked: true }`, a presented key string) always encodes. */
const builtBody = <A, E extends { readonly _tag: string }, R>(self: Effect.Effect<A, E, R>) =>
  Effect.catchTag(self as Effect.Effect<A, E | { readonly _tag: "InvalidInput" }, R>, "InvalidInput", (error) =>
    Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, { readonly _tag: "InvalidInput" }>, R>

/** The requests both the client and the server services make, as `view`; the refusals come on top. */
const requests = <V extends "client" | "server">(transport: typeof Transport.Service, view: V) => {
  const user = {
    create: caller(transport, UserApiKeysApi.create, view),
    list: caller(transport, UserApiKeysApi.list, view),
    get: caller(transport, UserApiKeysApi.get, view),
    update: caller(transport, UserApiKeysApi.update, view)
  }
  const team = {
    create: caller(transport, TeamApiKeysApi.create, view),
    list: caller(transport, TeamApiKeysApi.list, view),
    get: caller(transport, TeamApiKeysApi.get, view),
    update: caller(transport, TeamApiKeysApi.update, view)
  }
  const key = (id: string) => ({ api_key_id: id })
  return {
    createUser: (userId: string, input: ProjectApiKeyInput) =>
      Effect.flatMap(user.create({ body: { ...input, userId } }), withValidity),
    listUser: (userId: string) => Effect.flatMap(user.list({ query: { user_id: userId } }), allWithValidity),
    getUser: (id: string) => Effect.flatMap(user.get({ params: key(id) }), withValidity),
    updateUser: (id: string, patch: ProjectApiKeyUpdate) =>
      Effect.flatMap(user.update({ params: key(id), body: patch }), withValidity),
    revokeUser: (id: string) =>
      Effect.flatMap(builtBody(user.update({ params: key(id), body: { revoked: true } })), withValidity),
    createTeam: (teamId: string, input: ProjectApiKeyInput) =>
      Effect.flatMap(team.create({ body: { ...input, teamId } }), withValidity),
    listTeam: (teamId: string) => Effect.flatMap(team.list({ query: { team_id: teamId } }), allWithValidity),
    getTeam: (teamId: string, id: string) =>
      Effect.flatMap(team.get({ params: key(id), query: { team_id: teamId } }), withValidity),
    updateTeam: (teamId: string, id: string, patch: ProjectApiKeyUpdate) =>
      Effect.flatMap(team.update({ params: key(id), query: { team_id: teamId }, body: patch }), withValidity),
    revokeTeam: (teamId: string, id: string) =>
      Effect.flatMap(
        builtBody(team.update({ params: key(id), query: { team_id: teamId }, body: { revoked: true } })),
        withValidity
      )
  }
}

export const makeUserApiKeys = implement(
  UserApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "client")
    const disabled = disabledRefusal("user")
    return {
      create: (input: ProjectApiKeyInput) => r.createUser("me", input).pipe(disabled),
      list: r.listUser("me").pipe(disabled),
      get: (id: string) => r.getUser(id).pipe(disabled, deniedRefusal),
      update: (id: string, patch: ProjectApiKeyUpdate) => r.updateUser(id, patch).pipe(disabled, deniedRefusal),
      revoke: (id: string) => r.revokeUser(id).pipe(disabled, deniedRefusal)
    }
  })
)

export const makeTeamApiKeys = implement(
  TeamApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "client")
    const disabled = disabledRefusal("team")
    return {
      create: (teamId: string, input: ProjectApiKeyInput) => r.createTeam(teamId, input).pipe(disabled),
      list: (teamId: string) => r.listTeam(teamId).pipe(disabled),
      get: (teamId: string, id: string) => r.getTeam(teamId, id).pipe(disabled),
      update: (teamId: string, id: string, patch: ProjectApiKeyUpdate) =>
        r.updateTeam(teamId, id, patch).pipe(disabled),
      revoke: (teamId: string, id: string) => r.revokeTeam(teamId, id).pipe(disabled)
    }
  })
)

export const makeServerApiKeys = implement(
  ServerApiKeysCalls,
  Effect.map(Transport, (transport) => {
    const r = requests(transport, "server")
    const user = disabledRefusal("user")
    const team = disabledRefusal("team")
    const checkUser = caller(transport, UserApiKeysApi.check, "server")
    const checkTeam = caller(transport, TeamApiKeysApi.check, "server")
    const getTeam = caller(transport, TeamsApi.get, "server")
    const getUser = caller(transport, UsersApi.get, "server")
    const checkUserKey = (apiKey: string) => Effect.flatMap(builtBody(checkUser({ body: { apiKey } })), withValidity)
    const checkTeamKey = (apiKey: string) => Effect.flatMap(builtBody(checkTeam({ body: { apiKey } })), withValidity)
    return {
      checkUserKey: (apiKey: string) => checkUserKey(apiKey).pipe(user),
      checkTeamKey: (apiKey: string) => checkTeamKey(apiKey).pipe(team),
      userOfKey: (apiKey: string) =>
        checkUserKey(apiKey).pipe(
          Effect.flatMap((key) => getUser({ params: { user_id: key.userId } })),
          user
        ),
      teamOfKey: (apiKey: string) =>
        checkTeamKey(apiKey).pipe(
          Effect.flatMap((key) => getTeam({ params: { team_id: key.teamId } })),
          team
        ),
      createUserKey: (userId: string, input: ProjectApiKeyInput) => r.createUser(userId, input).pipe(user),
      listUserKeys: (userId: string) => r.listUser(userId).pipe(user),
      getUserKey: (id: string) => r.getUser(id).pipe(user),
      updateUserKey: (id: string, patch: ProjectApiKeyUpdate) => r.updateUser(id, patch).pipe(user),
      revokeUserKey: (id: string) => r.revokeUser(id).pipe(user),
      createTeamKey: (teamId: string, input: ProjectApiKeyInput) => r.createTeam(teamId, input).pipe(team),
      listTeamKeys: (teamId: string) => r.listTeam(teamId).pipe(team),
      getTeamKey: (teamId: string, id: string) => r.getTeam(teamId, id).pipe(team),
      updateTeamKey: (teamId: string, id: string, patch: ProjectApiKeyUpdate) =>
        r.updateTeam(teamId, id, patch).pipe(team),
      revokeTeamKey: (teamId: string, id: string) => r.revokeTeam(teamId, id).pipe(team)
    }
  })
)
