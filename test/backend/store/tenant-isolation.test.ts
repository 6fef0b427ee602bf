/**
 * Tenant isolation: with its own keys (server, admin, an owner's admin access token) or a signed-in user of
 * its own, project B can neither read nor change anything of project A by naming A's ids. Each route that
 * takes an id (in the path, the query or the body) is asked twice: once with A's ids and once with ids that
 * exist nowhere. The two answers must be the same, status and body, once the ids in them are masked: B
 * learns nothing, not even that the id exists. Afterwards A's data must read exactly as before.
 */
import { randomUUID } from "node:crypto"
import { assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { codeFromMail, latestMailTo } from "../../support/mailbox.js"
import {
  type CallOptions,
  type CallResult,
  expectStatus,
  type TestProject,
  type TestUser,
  useKitBackend
} from "../../support/local-backend.js"

const backend = useKitBackend()

const CALLBACK_URL = "http://localhost:3000/handler/email-verification"

/** The ids a request may name; A's real ones, or ones no project has. */
interface Ids {
  readonly user: string
  readonly team: string
  readonly channel: string
  readonly key: string
  readonly session: string
  readonly invitation: string
  readonly permission: string
  /** A user's linked OAuth provider (`/oauth-providers`). */
  readonly oauthLink: string
  /** Secrets A's users were mailed: a team invitation, an email verification and a password reset. */
  readonly invitationCode: string
  readonly verificationCode: string
  readonly resetCode: string
  /** A user API key and a team API key of A, and the user key's value. */
  readonly userKey: string
  readonly teamKey: string
  readonly userKeyValue: string
  /** A message A sent (`/emails/outbox/{id}`). */
  readonly mail: string
}

/** How project B calls: its keys, its owner's admin access token, or a signed-in user of B. */
type Caller = "server" | "admin" | "admin token" | "client"

interface Probe {
  readonly name: string
  readonly callers: ReadonlyArray<Caller>
  readonly method: string
  readonly path: (ids: Ids, own: Own) => string
  readonly body?: (ids: Ids, own: Own) => unknown
  /** The known error the hosted service answers for an unknown id; null when it is a plain HTTP error. */
  readonly expected: { readonly status: number; readonly code: string | null }
}

/** B's own user and team, for requests that mix B's ids with one of A's. */
interface Own {
  readonly user: string
  readonly team: string
}

const KEYS: ReadonlyArray<Caller> = ["server", "admin", "admin token"]
const ADMIN: ReadonlyArray<Caller> = ["admin", "admin token"]
const CLIENT: ReadonlyArray<Caller> = ["client"]

const notFound = (code: string) => ({ status: 404, code })
const badRequest = (code: string) => ({ status: 400, code })
/** A list answered as for an id nobody has: empty. */
const empty = { status: 200, code: null }
const plain = (status: number) => ({ status, code: null })

const probes: ReadonlyArray<Probe> = [
  // users
  {
    name: "read a user",
    callers: KEYS,
    method: "GET",
    path: (i) => `/users/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "update a user",
    callers: KEYS,
    method: "PATCH",
    path: (i) => `/users/${i.user}`,
    body: () => ({ display_name: "taken over", primary_email: "attacker@example.test" }),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "delete a user",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/users/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "list a team's users",
    callers: KEYS,
    method: "GET",
    path: (i) => `/users?team_id=${i.team}`,
    expected: empty
  },
  {
    name: "select a team of another project",
    callers: CLIENT,
    method: "PATCH",
    path: () => "/users/me",
    body: (i) => ({ selected_team_id: i.team }),
    expected: notFound("TEAM_MEMBERSHIP_NOT_FOUND")
  },
  {
    name: "open a session for a user",
    callers: KEYS,
    method: "POST",
    path: () => "/auth/sessions",
    body: (i) => ({ user_id: i.user }),
    expected: badRequest("USER_ID_DOES_NOT_EXIST")
  },
  {
    name: "list a user's sessions",
    callers: KEYS,
    method: "GET",
    path: (i) => `/auth/sessions?user_id=${i.user}`,
    expected: empty
  },
  {
    name: "end a session",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/auth/sessions/${i.session}?user_id=${i.user}`,
    expected: plain(404)
  },
  {
    name: "end a session of another project as one's own user",
    callers: KEYS,
    method: "DELETE",
    path: (i, own) => `/auth/sessions/${i.session}?user_id=${own.user}`,
    expected: plain(404)
  },
  {
    name: "read a connected account's token",
    callers: KEYS,
    method: "POST",
    path: (i) => `/connected-accounts/${i.user}/github/access-token`,
    body: () => ({}),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "read one provider account's token",
    callers: KEYS,
    method: "POST",
    path: (i) => `/connected-accounts/${i.user}/github/some-account/access-token`,
    body: () => ({}),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "list a user's connected accounts",
    callers: KEYS,
    method: "GET",
    path: (i) => `/connected-accounts/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  // invitations a user received
  {
    name: "list a user's received invitations",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-invitations?user_id=${i.user}`,
    expected: empty
  },
  {
    name: "accept an invitation by id for one's own user",
    callers: [...KEYS, ...CLIENT],
    method: "POST",
    path: (i, own) => `/team-invitations/${i.invitation}/accept?user_id=${own.user}`,
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  // linked OAuth providers
  {
    name: "list a user's linked providers",
    callers: KEYS,
    method: "GET",
    path: (i) => `/oauth-providers?user_id=${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "read a linked provider",
    callers: KEYS,
    method: "GET",
    path: (i) => `/oauth-providers/${i.user}/${i.oauthLink}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "read a linked provider of another project as one's own user's",
    callers: [...KEYS, ...CLIENT],
    method: "GET",
    path: (i, own) => `/oauth-providers/${own.user}/${i.oauthLink}`,
    expected: plain(404)
  },
  {
    name: "switch a linked provider of another project as one's own user's",
    callers: [...KEYS, ...CLIENT],
    method: "PATCH",
    path: (i, own) => `/oauth-providers/${own.user}/${i.oauthLink}`,
    body: () => ({ allow_sign_in: false }),
    expected: plain(404)
  },
  {
    name: "remove a linked provider of another project as one's own user's",
    callers: [...KEYS, ...CLIENT],
    method: "DELETE",
    path: (i, own) => `/oauth-providers/${own.user}/${i.oauthLink}`,
    expected: plain(404)
  },
  {
    name: "link a provider account to a user",
    callers: KEYS,
    method: "POST",
    path: () => "/oauth-providers",
    body: (i) => ({
      user_id: i.user,
      provider_config_id: "github",
      account_id: "a-github",
      allow_sign_in: false,
      allow_connected_accounts: true
    }),
    expected: notFound("USER_NOT_FOUND")
  },
  // contact channels
  {
    name: "list a user's contact channels",
    callers: KEYS,
    method: "GET",
    path: (i) => `/contact-channels?user_id=${i.user}`,
    expected: empty
  },
  {
    name: "find a contact channel by id in the project's list",
    callers: KEYS,
    method: "GET",
    path: (i) => `/contact-channels?contact_channel_id=${i.channel}`,
    expected: empty
  },
  {
    name: "add a contact channel to a user",
    callers: KEYS,
    method: "POST",
    path: () => "/contact-channels",
    body: (i) => ({ user_id: i.user, type: "email", value: "attacker@example.test", used_for_auth: false }),
    expected: badRequest("USER_ID_DOES_NOT_EXIST")
  },
  // the outbox
  {
    name: "read a message the project sent",
    callers: KEYS,
    method: "GET",
    path: (i) => `/emails/outbox/${i.mail}`,
    expected: plain(404)
  },
  // notification preferences
  {
    name: "list a user's notification preferences",
    callers: KEYS,
    method: "GET",
    path: (i) => `/emails/notification-preference/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "turn a user's Marketing mail off",
    callers: KEYS,
    method: "PATCH",
    path: (i) => `/emails/notification-preference/${i.user}/4f6f8873-3d04-46bd-8bef-18338b1a1b4c`,
    body: () => ({ enabled: false }),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "read a contact channel",
    callers: KEYS,
    method: "GET",
    path: (i) => `/contact-channels/${i.user}/${i.channel}`,
    expected: plain(404)
  },
  {
    name: "read a contact channel of another project as one's own user's",
    callers: KEYS,
    method: "GET",
    path: (i, own) => `/contact-channels/${own.user}/${i.channel}`,
    expected: plain(404)
  },
  {
    name: "update a contact channel",
    callers: KEYS,
    method: "PATCH",
    path: (i) => `/contact-channels/${i.user}/${i.channel}`,
    body: () => ({ value: "attacker@example.test", is_verified: true }),
    expected: plain(400)
  },
  {
    name: "update a contact channel of another project as one's own user's",
    callers: KEYS,
    method: "PATCH",
    path: (i, own) => `/contact-channels/${own.user}/${i.channel}`,
    body: () => ({ value: "attacker@example.test" }),
    expected: plain(400)
  },
  {
    name: "delete a contact channel",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/contact-channels/${i.user}/${i.channel}`,
    expected: plain(400)
  },
  {
    name: "send a verification code for a contact channel",
    callers: KEYS,
    method: "POST",
    path: (i) => `/contact-channels/${i.user}/${i.channel}/send-verification-code`,
    body: () => ({ callback_url: CALLBACK_URL }),
    expected: badRequest("USER_ID_DOES_NOT_EXIST")
  },
  // teams, members and their profiles
  {
    name: "read a team",
    callers: KEYS,
    method: "GET",
    path: (i) => `/teams/${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "read a team as a client",
    callers: CLIENT,
    method: "GET",
    path: (i) => `/teams/${i.team}`,
    expected: notFound("TEAM_MEMBERSHIP_NOT_FOUND")
  },
  {
    name: "update a team",
    callers: KEYS,
    method: "PATCH",
    path: (i) => `/teams/${i.team}`,
    body: () => ({ display_name: "taken over" }),
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "delete a team",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/teams/${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "list a user's teams",
    callers: KEYS,
    method: "GET",
    path: (i) => `/teams?user_id=${i.user}`,
    expected: empty
  },
  {
    name: "create a team for a user",
    callers: KEYS,
    method: "POST",
    path: () => "/teams",
    body: (i) => ({ display_name: "new", creator_user_id: i.user }),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "add a user to a team",
    callers: KEYS,
    method: "POST",
    path: (i) => `/team-memberships/${i.team}/${i.user}`,
    body: () => ({}),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "add a user of another project to one's own team",
    callers: KEYS,
    method: "POST",
    path: (i, own) => `/team-memberships/${own.team}/${i.user}`,
    body: () => ({}),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "add one's own user to a team of another project",
    callers: KEYS,
    method: "POST",
    path: (i, own) => `/team-memberships/${i.team}/${own.user}`,
    body: () => ({}),
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "remove a member",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/team-memberships/${i.team}/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "list a team's member profiles",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-member-profiles?team_id=${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "list a user's member profiles",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-member-profiles?user_id=${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "read a member profile",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-member-profiles/${i.team}/${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "update a member profile",
    callers: KEYS,
    method: "PATCH",
    path: (i) => `/team-member-profiles/${i.team}/${i.user}`,
    body: () => ({ display_name: "taken over" }),
    expected: notFound("USER_NOT_FOUND")
  },
  // permissions
  {
    name: "list a member's permissions",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-permissions?team_id=${i.team}&user_id=${i.user}`,
    expected: empty
  },
  {
    name: "grant a permission",
    callers: KEYS,
    method: "POST",
    path: (i) => `/team-permissions/${i.team}/${i.user}/${i.permission}`,
    body: () => ({}),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "grant a permission only another project defines to one's own member",
    callers: KEYS,
    method: "POST",
    path: (i, own) => `/team-permissions/${own.team}/${own.user}/${i.permission}`,
    body: () => ({}),
    expected: notFound("PERMISSION_NOT_FOUND")
  },
  {
    name: "revoke a permission",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/team-permissions/${i.team}/${i.user}/${i.permission}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "update a permission definition",
    callers: ADMIN,
    method: "PATCH",
    path: (i) => `/team-permission-definitions/${i.permission}`,
    body: () => ({ description: "taken over" }),
    expected: notFound("PERMISSION_NOT_FOUND")
  },
  {
    name: "delete a permission definition",
    callers: ADMIN,
    method: "DELETE",
    path: (i) => `/team-permission-definitions/${i.permission}`,
    expected: notFound("PERMISSION_NOT_FOUND")
  },
  {
    name: "define a permission containing one only another project defines",
    callers: ADMIN,
    method: "POST",
    path: () => "/team-permission-definitions",
    body: (i) => ({ id: "contains_foreign", contained_permission_ids: [i.permission] }),
    expected: badRequest("CONTAINED_PERMISSION_NOT_FOUND")
  },
  // invitations
  {
    name: "invite to a team",
    callers: KEYS,
    method: "POST",
    path: () => "/team-invitations/send-code",
    body: (i) => ({ team_id: i.team, email: "attacker@example.test", callback_url: CALLBACK_URL }),
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "list a team's invitations",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-invitations?team_id=${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "revoke an invitation",
    callers: KEYS,
    method: "DELETE",
    path: (i) => `/team-invitations/${i.invitation}?team_id=${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "revoke an invitation of another project through one's own team",
    callers: KEYS,
    method: "DELETE",
    path: (i, own) => `/team-invitations/${i.invitation}?team_id=${own.team}`,
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  // codes mailed to A's users
  {
    name: "check an invitation code",
    callers: CLIENT,
    method: "POST",
    path: () => "/team-invitations/accept/check-code",
    body: (i) => ({ code: i.invitationCode }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  {
    name: "read an invitation's details",
    callers: CLIENT,
    method: "POST",
    path: () => "/team-invitations/accept/details",
    body: (i) => ({ code: i.invitationCode }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  {
    name: "accept an invitation",
    callers: CLIENT,
    method: "POST",
    path: () => "/team-invitations/accept",
    body: (i) => ({ code: i.invitationCode }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  {
    name: "check an email verification code",
    callers: KEYS,
    method: "POST",
    path: () => "/contact-channels/verify/check-code",
    body: (i) => ({ code: i.verificationCode }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  {
    name: "verify an email",
    callers: KEYS,
    method: "POST",
    path: () => "/contact-channels/verify",
    body: (i) => ({ code: i.verificationCode }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  {
    name: "reset a password",
    callers: KEYS,
    method: "POST",
    path: () => "/auth/password/reset",
    body: (i) => ({ code: i.resetCode, password: "taken over horse battery" }),
    expected: notFound("VERIFICATION_CODE_NOT_FOUND")
  },
  // API keys
  {
    name: "read an API key set",
    callers: ADMIN,
    method: "GET",
    path: (i) => `/internal/api-keys/${i.key}`,
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "revoke an API key set",
    callers: ADMIN,
    method: "PATCH",
    path: (i) => `/internal/api-keys/${i.key}`,
    body: () => ({ revoked: true, description: "taken over" }),
    expected: notFound("API_KEY_NOT_FOUND")
  },
  // User and team API keys
  {
    name: "read a user API key",
    callers: [...KEYS, "client"],
    method: "GET",
    path: (i) => `/user-api-keys/${i.userKey}`,
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "revoke a user API key",
    callers: [...KEYS, "client"],
    method: "PATCH",
    path: (i) => `/user-api-keys/${i.userKey}`,
    body: () => ({ revoked: true, description: "taken over" }),
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "revoke a team API key",
    callers: [...KEYS, "client"],
    method: "PATCH",
    path: (i) => `/team-api-keys/${i.teamKey}?team_id=${i.team}`,
    body: () => ({ revoked: true }),
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "list a user's API keys",
    callers: KEYS,
    method: "GET",
    path: (i) => `/user-api-keys?user_id=${i.user}`,
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "list a team's API keys",
    callers: KEYS,
    method: "GET",
    path: (i) => `/team-api-keys?team_id=${i.team}`,
    expected: notFound("TEAM_NOT_FOUND")
  },
  {
    name: "list a team's API keys as a client",
    callers: CLIENT,
    method: "GET",
    path: (i) => `/team-api-keys?team_id=${i.team}`,
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "create an API key for a user of another project",
    callers: KEYS,
    method: "POST",
    path: () => "/user-api-keys",
    body: (i) => ({ user_id: i.user, description: "taken over", expires_at_millis: null }),
    expected: notFound("USER_NOT_FOUND")
  },
  {
    name: "create an API key for a team of another project",
    callers: CLIENT,
    method: "POST",
    path: () => "/team-api-keys",
    body: (i) => ({ team_id: i.team, description: "taken over", expires_at_millis: null }),
    expected: notFound("API_KEY_NOT_FOUND")
  },
  {
    name: "check another project's user API key",
    callers: KEYS,
    method: "POST",
    path: () => "/user-api-keys/check",
    body: (i) => ({ api_key: i.userKeyValue }),
    expected: notFound("API_KEY_NOT_FOUND")
  }
]

interface World {
  readonly a: TestProject
  readonly b: TestProject
  readonly aUser: TestUser
  readonly bUser: TestUser
  readonly ids: Ids
  readonly own: Own
}

let world: World | undefined
const the = (): World => {
  if (world === undefined) throw new Error("setup did not run")
  return world
}

const ok = async (result: Promise<CallResult>, status = 200) => expectStatus(await result, status).body

/** Project A with a user holding every kind of row: channels, team, grant, invitation, session, API key. */
const setUp = async (): Promise<World> => {
  // GitHub on the project's own keys, so the token routes get as far as the user (shared keys hand out no token).
  const github = { id: "github", type: "standard", client_id: "github-client", client_secret: "github-secret" }
  const config = {
    create_team_on_sign_up: false,
    oauth_providers: [github],
    allow_user_api_keys: true,
    allow_team_api_keys: true
  }
  const a = await backend.createProject({ config })
  // Owned by a user of internal, whose admin access token is one of the callers (the kit's projects have no owner).
  const b = await backend.createProjectOwnedBy(await backend.signUp(backend.internal()), { config })
  const aUser = await backend.signUp(a)
  const bUser = await backend.signUp(b)
  const server = { accessType: "server" } as const
  const channel = await ok(
    backend.call(a, "POST", "/contact-channels", {
      ...server,
      body: { user_id: aUser.userId, type: "email", value: `second-${aUser.email}`, used_for_auth: false }
    }),
    201
  )
  const team = (await backend.createTeam(a, aUser.userId, "A team")).body
  const bTeam = (await backend.createTeam(b, bUser.userId, "B team")).body
  await ok(
    backend.call(a, "POST", "/team-permission-definitions", { accessType: "admin", body: { id: "only_in_a" } }),
    201
  )
  await ok(
    backend.call(a, "POST", `/team-permissions/${team.id}/${aUser.userId}/only_in_a`, { ...server, body: {} }),
    201
  )
  const invitation = await ok(
    backend.call(a, "POST", "/team-invitations/send-code", {
      ...server,
      body: { team_id: team.id, email: "invitee@example.test", callback_url: CALLBACK_URL }
    })
  )
  const verificationCallback = "http://localhost:3000/handler/verify-email"
  await ok(
    backend.call(a, "POST", `/contact-channels/${aUser.userId}/${channel.id}/send-verification-code`, {
      ...server,
      body: { callback_url: verificationCallback }
    })
  )
  const resetCallback = "http://localhost:3000/handler/password-reset"
  await ok(
    backend.call(a, "POST", "/auth/password/send-reset-code", {
      body: { email: aUser.email, callback_url: resetCallback }
    })
  )
  const mailedCode = (address: string, callbackUrl: string) =>
    Effect.runPromise(Effect.map(latestMailTo(backend, address), (mail) => codeFromMail(mail, callbackUrl)))
  const sessions = await ok(backend.call(a, "GET", `/auth/sessions?user_id=${aUser.userId}`, server))
  const oauthLink = await ok(
    backend.call(a, "POST", "/oauth-providers", {
      ...server,
      body: {
        user_id: aUser.userId,
        provider_config_id: "github",
        account_id: "a-github",
        allow_sign_in: true,
        allow_connected_accounts: true
      }
    }),
    201
  )
  const key = await ok(
    backend.call(a, "POST", "/internal/api-keys", {
      accessType: "admin",
      body: {
        description: "A's key",
        expires_at_millis: Date.now() + 86_400_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false
      }
    })
  )
  const userKey = await ok(
    backend.call(a, "POST", "/user-api-keys", {
      ...server,
      body: { user_id: aUser.userId, description: "A's user key", expires_at_millis: null }
    })
  )
  const teamKey = await ok(
    backend.call(a, "POST", "/team-api-keys", {
      ...server,
      body: { team_id: team.id, description: "A's team key", expires_at_millis: null }
    })
  )
  const invitationCode = await mailedCode("invitee@example.test", CALLBACK_URL)
  const verificationCode = await mailedCode(`second-${aUser.email}`, verificationCallback)
  const resetCode = await mailedCode(aUser.email, resetCallback)
  const sent = await ok(backend.call(a, "GET", "/emails/outbox", server))
  return {
    a,
    b,
    aUser,
    bUser,
    ids: {
      user: aUser.userId,
      team: team.id,
      channel: channel.id,
      key: key.id,
      session: sessions.items[0].id,
      invitation: invitation.id,
      permission: "only_in_a",
      oauthLink: oauthLink.id,
      invitationCode,
      verificationCode,
      resetCode,
      userKey: userKey.id,
      teamKey: teamKey.id,
      userKeyValue: userKey.value,
      mail: sent.items[0].id
    },
    own: { user: bUser.userId, team: bTeam.id }
  }
}

/** A code of the same shape that nobody was sent. */
const otherCode = (code: string) => [...code].reverse().join("")

const unknownIds = (): Ids => ({
  user: randomUUID(),
  team: randomUUID(),
  channel: randomUUID(),
  key: randomUUID(),
  session: randomUUID(),
  invitation: randomUUID(),
  permission: "defined_nowhere",
  oauthLink: randomUUID(),
  invitationCode: otherCode(the().ids.invitationCode),
  verificationCode: otherCode(the().ids.verificationCode),
  resetCode: otherCode(the().ids.resetCode),
  userKey: randomUUID(),
  teamKey: randomUUID(),
  userKeyValue: otherCode(the().ids.userKeyValue),
  mail: randomUUID()
})

const asCaller = (caller: Caller): CallOptions => {
  const { b, bUser } = the()
  switch (caller) {
    case "server":
    case "admin":
      return { accessType: caller }
    case "admin token":
      return {
        accessType: "admin",
        headers: { "x-stack-super-secret-admin-key": undefined, "x-stack-admin-access-token": b.owner?.accessToken }
      }
    case "client":
      return { accessType: "client", accessToken: bUser.accessToken }
  }
}

/** The answer with every id of `ids` replaced by its name, so answers about different ids compare. */
const masked = (result: CallResult, ids: Ids) => {
  let text = result.text
  for (const [name, value] of Object.entries(ids)) text = text.split(value).join(`<${name}>`)
  return { status: result.status, knownError: result.knownError, body: text }
}

/** Everything of A that B might reach, read with A's own admin key. */
const snapshotOfA = async () => {
  const { a, ids } = the()
  const admin = { accessType: "admin" } as const
  const paths = [
    `/users/${ids.user}`,
    "/users",
    `/contact-channels?user_id=${ids.user}`,
    `/oauth-providers?user_id=${ids.user}`,
    `/teams/${ids.team}`,
    "/teams",
    `/team-member-profiles?team_id=${ids.team}`,
    `/team-permissions?team_id=${ids.team}&user_id=${ids.user}`,
    "/team-permission-definitions",
    `/team-invitations?team_id=${ids.team}`,
    `/auth/sessions?user_id=${ids.user}`,
    `/internal/api-keys/${ids.key}`,
    `/user-api-keys?user_id=${ids.user}`,
    `/team-api-keys?team_id=${ids.team}`
  ]
  return Promise.all(paths.map(async (path) => ({ path, body: await ok(backend.call(a, "GET", path, admin)) })))
}

describe("tenant isolation: project B names project A's ids", () => {
  beforeAll(async () => {
    world = await setUp()
  })

  for (const probe of probes) {
    it(probe.name, async () => {
      const { b, own, aUser, ids } = the()
      const before = await snapshotOfA()
      for (const caller of probe.callers) {
        const send = (target: Ids) =>
          backend.call(b, probe.method, probe.path(target, own), {
            ...asCaller(caller),
            ...(probe.body === undefined ? {} : { body: probe.body(target, own) })
          })
        const unknown = unknownIds()
        const foreign = masked(await send(ids), ids)
        const absent = masked(await send(unknown), unknown)
        const label = `${caller}: ${probe.method} ${probe.path(ids, own)}`
        assert.deepStrictEqual(foreign, absent, `${label} answers A's ids differently from unknown ones`)
        assert.strictEqual(foreign.status, probe.expected.status, `${label}: ${foreign.body}`)
        assert.strictEqual(foreign.knownError, probe.expected.code, `${label}: ${foreign.body}`)
        assert.notInclude(foreign.body, aUser.email, `${label} reveals A's user's email`)
      }
      assert.deepStrictEqual(await snapshotOfA(), before, "A's data changed")
    })
  }

  it("leaves A's secrets working in A: the password signs in, the mailed codes are unspent", async () => {
    const { a, aUser, ids } = the()
    await ok(
      backend.call(a, "POST", "/auth/password/sign-in", { body: { email: aUser.email, password: aUser.password } })
    )
    const checks = [
      ["/team-invitations/accept/check-code", ids.invitationCode],
      ["/contact-channels/verify/check-code", ids.verificationCode],
      ["/auth/password/reset/check-code", ids.resetCode]
    ] as const
    for (const [path, code] of checks) {
      assert.deepStrictEqual(
        await ok(backend.call(a, "POST", path, { accessToken: aUser.accessToken, body: { code } })),
        {
          is_code_valid: true
        },
        path
      )
    }
  })
})
