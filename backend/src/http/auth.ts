/**
 * Who is calling: the access type, the project (checked against its keys or an admin access token) and
 * the signed-in user. Follows the hosted service's order of checks, so the same bad request gets the
 * same known error from both: header combinations first, then the access token, then the keys.
 */
import * as Effect from "effect/Effect"
import { type AccessType, PUBLIC_CLIENT_SECRET_SENTINEL, STACK_HEADERS } from "@stackfx/lib/domain/api.js"
import type { ServerUser } from "@stackfx/lib/domain/user.js"
import { invalidAccessTypeMessage } from "@stackfx/lib/errors/known/messages.js"
import { BranchDoesNotExist, CurrentProjectNotFound } from "@stackfx/lib/errors/known/misc.js"
import {
  AccessTypeRequired,
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  AdminAuthenticationRequired,
  InsufficientAccessType,
  InvalidAccessType,
  InvalidProjectForAdminAccessToken,
  InvalidPublishableClientKey,
  InvalidSecretServerKey,
  InvalidSuperSecretAdminKey,
  ProjectKeyWithoutAccessType,
  PublishableClientKeyRequiredForProject,
  ServerAuthenticationRequired,
  UnparsableAdminAccessToken
} from "@stackfx/lib/errors/known/project-authentication.js"
import { AnonymousAuthenticationNotAllowed, InvalidProjectForAccessToken } from "@stackfx/lib/errors/known/session.js"
import { RestrictedUserNotAllowed } from "@stackfx/lib/errors/known/users.js"
import { AccessTokens, claimedKind, type VerifiedAccessToken } from "../crypto/access-tokens.js"
import { cacheKeys, ReadCache } from "../store/read-cache.js"
import { isProjectOwner, type StoredProject } from "../store/projects/projects.js"
import { findUserView } from "../store/users/users.js"
import { Projects } from "../store/projects/project-lookup.js"
import type { AnswerStyle } from "./respond.js"

/** The authenticated side of a request, handed to every endpoint that requires an access type. */
export interface Auth {
  readonly accessType: AccessType
  readonly project: StoredProject
  /** The signed-in user (from `X-Stack-Access-Token`), when the token names a user that still exists. */
  readonly user: ServerUser | undefined
  /** The session of that access token. */
  readonly refreshTokenId: string | undefined
  /** The internal-project user behind an `X-Stack-Admin-Access-Token`. */
  readonly adminUserId: string | undefined
}

type Headers = Readonly<Record<string, string | undefined>>

/**
 * A request header by its docs/wire.md name (`x-stack-*`). Since the service's rename to Hexclave every such
 * header also has an `x-hexclave-*` spelling, and the newer name wins when a request sends both with
 * different values: the service copies each `x-hexclave-*` header onto its `x-stack-*` name before
 * anything reads them.
 */
export const header = (headers: Headers, name: string): string | undefined => {
  const renamed = name.startsWith("x-stack-") ? headers[`x-hexclave-${name.slice(8)}`] : undefined
  const value = renamed ?? headers[name]
  return value === undefined || value === "" ? undefined : value
}

/** How a failure is answered to a request with these headers (respond.ts): the status override it asked for. */
export const answerStyleOf = (headers: Headers): AnswerStyle => ({
  override: header(headers, STACK_HEADERS.overrideErrorStatus) === "true"
})

/** Tokens may also come as `x-stack-auth: {"accessToken": ..., "refreshToken": ...}`. */
const stackAuthHeader = (headers: Headers): { accessToken?: string; refreshToken?: string } => {
  const raw = header(headers, STACK_HEADERS.auth)
  if (raw === undefined) return {}
  const parsed: unknown = (() => {
    try {
      return JSON.parse(raw)
    } catch {
      return undefined
    }
  })()
  if (typeof parsed !== "object" || parsed === null) return {}
  const record = parsed as Record<string, unknown>
  return {
    ...(typeof record["accessToken"] === "string" ? { accessToken: record["accessToken"] } : {}),
    ...(typeof record["refreshToken"] === "string" ? { refreshToken: record["refreshToken"] } : {})
  }
}

/** The access token of the request, from `X-Stack-Access-Token` or `X-Stack-Auth`. */
export const accessTokenOf = (headers: Headers): string | undefined =>
  header(headers, STACK_HEADERS.accessToken) ?? stackAuthHeader(headers).accessToken

/** The refresh token of the request, from `X-Stack-Refresh-Token` or `X-Stack-Auth`. */
export const refreshTokenOf = (headers: Headers): string | undefined =>
  header(headers, STACK_HEADERS.refreshToken) ?? stackAuthHeader(headers).refreshToken

/**
 * The hosted service's gate on restricted and anonymous users, run on every access type right after the
 * token and its project are checked and before the keys: an anonymous user's token needs
 * `X-Stack-Allow-Anonymous-User: true`; a restricted user's needs `X-Stack-Allow-Restricted-User: true` or
 * the anonymous header (which allows both). Only the exact value `true` counts. The state is the token's
 * (its audience and claims), not the stored user's: an anonymous token stays anonymous after an upgrade.
 */
const checkRestriction = (headers: Headers, session: VerifiedAccessToken) => {
  if (session.kind === "normal") return Effect.void
  const allowAnonymous = header(headers, STACK_HEADERS.allowAnonymousUser) === "true"
  if (session.kind === "anonymous" && !allowAnonymous) return Effect.fail(new AnonymousAuthenticationNotAllowed({}))
  if (allowAnonymous || header(headers, STACK_HEADERS.allowRestrictedUser) === "true") return Effect.void
  return Effect.fail(new RestrictedUserNotAllowed({ details: { restricted_reason: session.restrictedReason } }))
}

const isAccessType = (value: string): value is AccessType =>
  value === "client" || value === "server" || value === "admin"

const adminTokenUser = (token: string, projectId: string) =>
  Effect.gen(function* () {
    // The service decodes an admin access token with anonymous and restricted users disallowed: only a
    // normal user's issuer is accepted, and jose checks the issuer before the expiry, so a guest's or a
    // restricted user's token does not parse as one, expired or not.
    const claimed = claimedKind(token)
    if (claimed !== undefined && claimed !== "normal") return yield* Effect.fail(new UnparsableAdminAccessToken({}))
    const tokens = yield* AccessTokens
    const verified = yield* tokens.verify(token).pipe(
      Effect.catchTags({
        UnparsableAccessToken: () => Effect.fail(new UnparsableAdminAccessToken({})),
        AccessTokenExpired: (expired) =>
          Effect.fail(
            new AdminAccessTokenExpired({
              details:
                expired.details.expired_at_millis === undefined
                  ? {}
                  : { expired_at_millis: expired.details.expired_at_millis }
            })
          )
      })
    )
    if (verified.projectId !== "internal") return yield* Effect.fail(new AdminAccessTokenIsNotAdmin({}))
    const owner = yield* isProjectOwner(projectId, verified.userId)
    if (!owner) {
      const projects = yield* Projects
      // The token may outlive the project it administered.
      const exists = yield* projects.find(projectId)
      return yield* Effect.fail(
        exists === undefined ? new InvalidProjectForAdminAccessToken({}) : new AdminAccessTokenIsNotAdmin({})
      )
    }
    return verified.userId
  })

/**
 * Parses the project authentication of a request; `undefined` when it carries no access type (public
 * endpoints accept that; the others answer ACCESS_TYPE_REQUIRED).
 */
export const authenticate = (headers: Headers) =>
  Effect.gen(function* () {
    const projectId = header(headers, STACK_HEADERS.projectId)
    const accessType = header(headers, STACK_HEADERS.accessType)
    const publishableClientKey = header(headers, STACK_HEADERS.publishableClientKey)
    const secretServerKey = header(headers, STACK_HEADERS.secretServerKey)
    const superSecretAdminKey = header(headers, STACK_HEADERS.superSecretAdminKey)
    const adminAccessToken = header(headers, STACK_HEADERS.adminAccessToken)
    const accessToken = accessTokenOf(headers)

    const anyKey = publishableClientKey ?? secretServerKey ?? superSecretAdminKey ?? adminAccessToken
    if (accessType === undefined) {
      if (anyKey !== undefined) return yield* Effect.fail(new ProjectKeyWithoutAccessType({}))
      return undefined
    }
    if (!isAccessType(accessType))
      return yield* Effect.fail(new InvalidAccessType({ message: invalidAccessTypeMessage(accessType) }))
    if (projectId === undefined) {
      return yield* Effect.fail(new AccessTypeWithoutProjectId({ details: { request_type: accessType } }))
    }

    const tokens = yield* AccessTokens
    let session: VerifiedAccessToken | undefined
    if (accessToken !== undefined) {
      session = yield* tokens.verify(accessToken)
      if (session.projectId !== projectId) {
        return yield* Effect.fail(
          new InvalidProjectForAccessToken({
            details: { expected_project_id: projectId, actual_project_id: session.projectId }
          })
        )
      }
      yield* checkRestriction(headers, session)
    }

    const projects = yield* Projects
    // As the service: a project that does not exist is named as such before any key is looked at (it allows
    // probing project ids, for the better error message).
    const loaded = yield* projects.find(projectId)
    if (loaded === undefined) {
      return yield* Effect.fail(new CurrentProjectNotFound({ details: { project_id: projectId } }))
    }
    let adminUserId: string | undefined
    if (adminAccessToken !== undefined) {
      adminUserId = yield* adminTokenUser(adminAccessToken, projectId)
    } else if (accessType === "client") {
      // The key may be left out (or be the public-client sentinel) unless the project requires one
      // (`project.requirePublishableClientKey`, off for new projects).
      if (publishableClientKey === undefined || publishableClientKey === PUBLIC_CLIENT_SECRET_SENTINEL) {
        if (yield* projects.requiresPublishableKey(projectId)) {
          return yield* Effect.fail(new PublishableClientKeyRequiredForProject({ details: { project_id: projectId } }))
        }
      } else {
        const valid = yield* projects.checkKey(projectId, "publishableClientKey", publishableClientKey)
        if (!valid) return yield* Effect.fail(new InvalidPublishableClientKey({ details: { project_id: projectId } }))
      }
    } else if (accessType === "server") {
      if (secretServerKey === undefined) return yield* Effect.fail(new ServerAuthenticationRequired({}))
      const valid = yield* projects.checkKey(projectId, "secretServerKey", secretServerKey)
      if (!valid) return yield* Effect.fail(new InvalidSecretServerKey({ details: { project_id: projectId } }))
    } else {
      if (superSecretAdminKey === undefined) return yield* Effect.fail(new AdminAuthenticationRequired({}))
      const valid = yield* projects.checkKey(projectId, "superSecretAdminKey", superSecretAdminKey)
      if (!valid) return yield* Effect.fail(new InvalidSuperSecretAdminKey({ details: { project_id: projectId } }))
    }
    // Every project has one branch, `main`; another is refused once the keys were checked (so branches cannot
    // be probed without them).
    const branchId = header(headers, "x-stack-branch-id")
    if (branchId !== undefined && branchId !== "main") {
      return yield* Effect.fail(new BranchDoesNotExist({ details: { branch_id: branchId } }))
    }

    const cache = yield* ReadCache
    const user =
      session === undefined
        ? undefined
        : yield* cache.get(cacheKeys.user(projectId, session.userId), findUserView(projectId, session.userId))
    const auth: Auth = {
      accessType,
      project: loaded.project,
      user,
      refreshTokenId: session?.refreshTokenId,
      adminUserId
    }
    return auth
  })

/** Fails unless the request authenticated with one of `allowed`. */
export const requireAccess = (
  auth: Auth | undefined,
  allowed: ReadonlyArray<AccessType>
): Effect.Effect<Auth, AccessTypeRequired | InsufficientAccessType> => {
  if (auth === undefined) return Effect.fail(new AccessTypeRequired({}))
  if (!allowed.includes(auth.accessType)) {
    return Effect.fail(
      new InsufficientAccessType({
        details: { actual_access_type: auth.accessType, allowed_access_types: [...allowed] }
      })
    )
  }
  return Effect.succeed(auth)
}
