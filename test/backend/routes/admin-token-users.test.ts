/**
 * Who may administer a project through an admin access token (`X-Stack-Admin-Access-Token`): the hosted
 * service decodes that token with anonymous and restricted users disallowed (its `smart-request.tsx`), so
 * the token of a guest or of a restricted user of `internal` is `UNPARSABLE_ADMIN_ACCESS_TOKEN`, even for a
 * project the user's own team owns, and whatever allow headers the request sends. Tried as an attacker
 * would: a guest (anonymous sign-up works where sign-up is off) makes a team and a project, then tries to
 * read, change and mint keys for it; a user an administrator restricted tries the same with its refreshed,
 * restricted-audience token.
 */
import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { type ShiftedLocalBackend, startShiftedLocalBackend } from "../../support/local-backend-clock.js"
import { call, expectStatus, type TestUser, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend({ ownedProjects: true })

const ALLOW_BOTH = { "x-stack-allow-anonymous-user": "true", "x-stack-allow-restricted-user": "true" }

const adminTokenCall = (
  projectId: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
) =>
  backend.call(backend.internal(), method, path, {
    accessType: "none",
    headers: {
      "x-stack-project-id": projectId,
      "x-stack-access-type": "admin",
      "x-stack-admin-access-token": token,
      ...headers
    },
    body
  })

const keySetBody = {
  description: "minted by a guest",
  expires_at_millis: 253_402_300_799_999,
  has_publishable_client_key: true,
  has_secret_server_key: true,
  has_super_secret_admin_key: true
}

const expectRefused = (result: { status: number; knownError: string | null; text: string }) => {
  assert.strictEqual(result.status, 401, result.text)
  assert.strictEqual(result.knownError, "UNPARSABLE_ADMIN_ACCESS_TOKEN", result.text)
}

/** Every administering call of the issue, with and without the allow headers: all refused. */
const expectCannotAdminister = async (projectId: string, token: string) => {
  for (const headers of [{}, ALLOW_BOTH]) {
    expectRefused(await adminTokenCall(projectId, token, "GET", "/internal/projects/current", undefined, headers))
    expectRefused(await adminTokenCall(projectId, token, "POST", "/internal/api-keys", keySetBody, headers))
    expectRefused(
      await adminTokenCall(
        projectId,
        token,
        "PATCH",
        "/internal/projects/current",
        { display_name: "Taken over" },
        headers
      )
    )
  }
}

describe("admin access tokens of guests and restricted users", () => {
  it("refuses a guest of internal administering the project its own team owns", async () => {
    const signedUp = expectStatus(
      await backend.call(backend.internal(), "POST", "/auth/anonymous/sign-up", { accessType: "client" }),
      200
    )
    const guest = signedUp.body.access_token as string
    const asGuest = { accessToken: guest, headers: { "x-stack-allow-anonymous-user": "true" } }
    const team = expectStatus(
      await backend.call(backend.internal(), "POST", "/teams", {
        ...asGuest,
        body: { display_name: "Guest team", creator_user_id: "me" }
      }),
      201
    )
    const project = expectStatus(
      await backend.call(backend.internal(), "POST", "/internal/projects", {
        ...asGuest,
        body: { display_name: "Guest project", owner_team_id: team.body.id }
      }),
      201
    )
    await expectCannotAdminister(project.body.id, guest)
  })

  it("refuses a user an administrator restricted, with its refreshed token, and writes nothing", async () => {
    const owner: TestUser = await backend.signUp(backend.internal())
    const project = await backend.createProjectOwnedBy(owner, { displayName: "Before" })
    // The owner's normal token administers the project.
    expectStatus(await adminTokenCall(project.id, owner.accessToken, "GET", "/internal/projects/current"), 200)
    expectStatus(
      await backend.call(backend.internal(), "PATCH", `/users/${owner.userId}`, {
        accessType: "server",
        body: { restricted_by_admin: true, restricted_by_admin_reason: "abuse" }
      }),
      200
    )
    const refreshed = expectStatus(
      await backend.call(backend.internal(), "POST", "/auth/sessions/current/refresh", {
        accessType: "client",
        refreshToken: owner.refreshToken,
        headers: ALLOW_BOTH
      }),
      200
    )
    const restricted = refreshed.body.access_token as string
    await expectCannotAdminister(project.id, restricted)
    const read = expectStatus(
      await backend.call(project, "GET", "/internal/projects/current", { accessType: "admin" }),
      200
    )
    assert.strictEqual(read.body.display_name, "Before")
  })
})

describe("an expired admin access token of a guest", () => {
  let movable: ShiftedLocalBackend | undefined
  beforeAll(async () => {
    movable = await startShiftedLocalBackend({ accessTokenLifetimeSeconds: 60 })
  })
  afterAll(async () => {
    await movable?.stop()
  })

  // The service checks a token's issuer before its expiry: a guest's token is unparsable as an admin
  // access token, expired or not.
  it("is UNPARSABLE_ADMIN_ACCESS_TOKEN, not ADMIN_ACCESS_TOKEN_EXPIRED", async () => {
    if (movable === undefined) throw new Error("not started")
    const internal = { ...movable.project }
    const guest = expectStatus(
      await call(movable, internal, "POST", "/auth/anonymous/sign-up", { accessType: "client" }),
      200
    ).body.access_token as string
    const asGuest = { accessToken: guest, headers: { "x-stack-allow-anonymous-user": "true" } }
    const team = expectStatus(
      await call(movable, internal, "POST", "/teams", {
        ...asGuest,
        body: { display_name: "Guest team", creator_user_id: "me" }
      }),
      201
    )
    const project = expectStatus(
      await call(movable, internal, "POST", "/internal/projects", {
        ...asGuest,
        body: { display_name: "Guest project", owner_team_id: team.body.id }
      }),
      201
    )
    movable.advance(61_000)
    const answer = await call(movable, internal, "GET", "/internal/projects/current", {
      accessType: "none",
      headers: {
        "x-stack-project-id": project.body.id,
        "x-stack-access-type": "admin",
        "x-stack-admin-access-token": guest
      }
    })
    expectRefused(answer)
  })
})
