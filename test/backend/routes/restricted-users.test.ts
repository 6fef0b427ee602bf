/**
 * Restricted and anonymous users on the backend, with the hosted service's answers (facts: the hosted
 * `smart-request` auth checks, `users/crud.tsx`, `auth/anonymous/sign-up`, the JWKS route): the allow
 * headers, the token issuers and audiences with their own keys, the list filters and anonymous sign-up.
 */
import { assert, describe, it } from "@effect/vitest"
import * as jose from "jose"
import { type TestProject, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const ALLOW_ANONYMOUS = { "x-stack-allow-anonymous-user": "true" }
const ALLOW_RESTRICTED = { "x-stack-allow-restricted-user": "true" }

const anonymousSignUp = async (project: TestProject) => {
  const signUp = await backend.call(project, "POST", "/auth/anonymous/sign-up")
  assert.strictEqual(signUp.status, 200, signUp.text)
  return signUp.body as { access_token: string; refresh_token: string; user_id: string }
}

/** A user restricted by an administrator, and a session of theirs. */
const restrictedUser = async (project: TestProject) => {
  const created = await backend.call(project, "POST", "/users", {
    accessType: "server",
    body: {
      display_name: "Rita",
      restricted_by_admin: true,
      restricted_by_admin_reason: "Spam",
      restricted_by_admin_private_details: "rule 7"
    }
  })
  assert.strictEqual(created.status, 201, created.text)
  const session = await backend.call(project, "POST", "/auth/sessions", {
    accessType: "server",
    body: { user_id: created.body.id }
  })
  assert.strictEqual(session.status, 200, session.text)
  return { userId: created.body.id as string, accessToken: session.body.access_token as string }
}

const jwksUrl = (projectId: string, query = "") =>
  `${backend.localBackend().apiUrl}/projects/${projectId}/.well-known/jwks.json${query}`

describe("anonymous sign-up", () => {
  it("answers the tokens of a new anonymous user, even where sign-up is disabled", async () => {
    const project = await backend.createProject({ config: { sign_up_enabled: false, create_team_on_sign_up: true } })
    const tokens = await anonymousSignUp(project)
    assert.deepStrictEqual(Object.keys(tokens).sort(), ["access_token", "refresh_token", "user_id"])
    const claims = jose.decodeJwt(tokens.access_token)
    assert.strictEqual(claims.iss, `${backend.localBackend().url}/api/v1/projects-anonymous-users/${project.id}`)
    assert.strictEqual(claims.aud, `${project.id}:anon`)
    assert.strictEqual(claims["is_anonymous"], true)
    assert.strictEqual(claims["is_restricted"], true)
    assert.deepStrictEqual(claims["restricted_reason"], { type: "anonymous" })

    const me = await backend.call(project, "GET", "/users/me", {
      accessToken: tokens.access_token,
      headers: ALLOW_ANONYMOUS
    })
    assert.strictEqual(me.status, 200, me.text)
    assert.strictEqual(me.body.id, tokens.user_id)
    assert.isNull(me.body.primary_email)
    assert.strictEqual(me.body.is_anonymous, true)
    assert.strictEqual(me.body.is_restricted, true)
    assert.deepStrictEqual(me.body.restricted_reason, { type: "anonymous" })
    assert.strictEqual(me.body.restricted_by_admin, false)
    assert.isNull(me.body.restricted_by_admin_reason)
    assert.strictEqual(me.body.selected_team.display_name, "Personal Team")
  })

  it("refuses an anonymous token without the anonymous header (401), even with the restricted one", async () => {
    const project = await backend.createProject()
    const tokens = await anonymousSignUp(project)
    for (const headers of [{}, ALLOW_RESTRICTED, { "x-stack-allow-anonymous-user": "yes" }]) {
      const me = await backend.call(project, "GET", "/users/me", { accessToken: tokens.access_token, headers })
      assert.strictEqual(me.status, 401)
      assert.strictEqual(me.knownError, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED")
      assert.strictEqual(
        me.body.error,
        "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the " +
          "X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users."
      )
      assert.isUndefined(me.body.details)
    }
    // Every access type, and the newer SDKs' spelling of the header.
    const server = await backend.call(project, "GET", "/users/me", {
      accessType: "server",
      accessToken: tokens.access_token
    })
    assert.strictEqual(server.knownError, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED")
    const hexclave = await backend.call(project, "GET", "/users/me", {
      accessToken: tokens.access_token,
      headers: { "x-hexclave-allow-anonymous-user": "true" }
    })
    assert.strictEqual(hexclave.status, 200)
  })

  it("checks the token before the keys, and its project before its kind", async () => {
    const project = await backend.createProject()
    const other = await backend.createProject()
    const tokens = await anonymousSignUp(project)
    const badKey = await backend.call(project, "GET", "/users/me", {
      accessToken: tokens.access_token,
      headers: { "x-stack-publishable-client-key": "wrong" }
    })
    assert.strictEqual(badKey.knownError, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED")
    const foreign = await backend.call(other, "GET", "/users/me", { accessToken: tokens.access_token })
    assert.strictEqual(foreign.knownError, "INVALID_PROJECT_FOR_ACCESS_TOKEN")
  })
})

describe("restricted users", () => {
  it("carry the restricted issuer and audience, and need an allow header", async () => {
    const project = await backend.createProject()
    const user = await restrictedUser(project)
    const claims = jose.decodeJwt(user.accessToken)
    assert.strictEqual(claims.iss, `${backend.localBackend().url}/api/v1/projects-restricted-users/${project.id}`)
    assert.strictEqual(claims.aud, `${project.id}:restricted`)
    assert.deepStrictEqual(claims["restricted_reason"], { type: "restricted_by_administrator" })

    const refused = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken })
    assert.strictEqual(refused.status, 403)
    assert.strictEqual(refused.knownError, "RESTRICTED_USER_NOT_ALLOWED")
    assert.deepStrictEqual(refused.body.details, { restricted_reason: { type: "restricted_by_administrator" } })
    assert.strictEqual(
      refused.body.error,
      "The user in the access token is in restricted state. Reason: restricted_by_administrator. Please pass the " +
        "X-Stack-Allow-Restricted-User header if this is intended."
    )
    for (const headers of [ALLOW_RESTRICTED, ALLOW_ANONYMOUS]) {
      const me = await backend.call(project, "GET", "/users/me", { accessToken: user.accessToken, headers })
      assert.strictEqual(me.status, 200, me.text)
      assert.strictEqual(me.body.is_restricted, true)
      assert.strictEqual(me.body.is_anonymous, false)
      assert.strictEqual(me.body.restricted_by_admin, true)
      assert.strictEqual(me.body.restricted_by_admin_reason, "Spam")
      assert.notProperty(me.body, "restricted_by_admin_private_details", "the private details are server-only")
    }
    const server = await backend.call(project, "GET", `/users/${user.userId}`, { accessType: "server" })
    assert.strictEqual(server.body.restricted_by_admin_private_details, "rule 7")
  })

  it("refuses a reason or details without the restriction (400), and clears them when it is lifted", async () => {
    const project = await backend.createProject()
    const reason = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: { restricted_by_admin_reason: "x" }
    })
    // The service's schema refuses them (SCHEMA_ERROR) unless the same body sets the restriction.
    assert.strictEqual(reason.status, 400)
    assert.strictEqual(reason.body.code, "SCHEMA_ERROR")
    assert.include(reason.body.error, "restricted_by_admin_reason must be null when restricted_by_admin is not true")
    const details = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: { restricted_by_admin: false, restricted_by_admin_private_details: "x" }
    })
    assert.strictEqual(details.body.code, "SCHEMA_ERROR")
    assert.include(
      details.body.error,
      "restricted_by_admin_private_details must be null when restricted_by_admin is not true"
    )
    const user = await backend.signUp(project)
    const unrestricted = await backend.call(project, "PATCH", `/users/${user.userId}`, {
      accessType: "server",
      body: { restricted_by_admin: false, restricted_by_admin_reason: "Some reason" }
    })
    assert.strictEqual(unrestricted.body.code, "SCHEMA_ERROR")

    const restricted = await restrictedUser(project)
    const lifted = await backend.call(project, "PATCH", `/users/${restricted.userId}`, {
      accessType: "server",
      body: { restricted_by_admin: false }
    })
    assert.strictEqual(lifted.status, 200, lifted.text)
    assert.strictEqual(lifted.body.is_restricted, false)
    assert.isNull(lifted.body.restricted_reason)
    assert.isNull(lifted.body.restricted_by_admin_reason)
    assert.isNull(lifted.body.restricted_by_admin_private_details)
    // The state is the token's: the token minted while restricted still needs the header.
    const old = await backend.call(project, "GET", "/users/me", { accessToken: restricted.accessToken })
    assert.strictEqual(old.knownError, "RESTRICTED_USER_NOT_ALLOWED")
  })
})

describe("GET /users filters", () => {
  it("lists unrestricted users by default, and the others only when asked", async () => {
    const project = await backend.createProject()
    const normal = await backend.signUp(project)
    const restricted = await restrictedUser(project)
    const anonymous = await anonymousSignUp(project)
    const ids = async (query: string) => {
      const list = await backend.call(project, "GET", `/users${query}`, { accessType: "server" })
      assert.strictEqual(list.status, 200, list.text)
      return (list.body.items as Array<{ id: string }>).map((u) => u.id).sort()
    }
    assert.deepStrictEqual(await ids(""), [normal.userId])
    assert.deepStrictEqual(await ids("?include_restricted=false"), [normal.userId])
    assert.deepStrictEqual(await ids("?include_restricted=true"), [normal.userId, restricted.userId].sort())
    assert.deepStrictEqual(
      await ids("?include_anonymous=true"),
      [normal.userId, restricted.userId, anonymous.user_id].sort()
    )
    assert.deepStrictEqual(await ids("?include_anonymous=true&only_anonymous=true"), [anonymous.user_id])
    const bad = await backend.call(project, "GET", "/users?only_anonymous=true", { accessType: "server" })
    assert.strictEqual(bad.status, 400)
    assert.strictEqual(bad.text, "only_anonymous=true requires include_anonymous=true")
  })
})

describe("signing keys per kind of user", () => {
  it("publishes the restricted and anonymous keys only when asked, two per audience, cached for an hour", async () => {
    const project = await backend.createProject()
    const count = async (query: string) => {
      const response = await fetch(jwksUrl(project.id, query))
      assert.strictEqual(response.headers.get("cache-control"), "public, max-age=3600")
      return (await response.json()).keys.length
    }
    // As the hosted set: the current and the next key of each audience.
    assert.strictEqual(await count(""), 2)
    assert.strictEqual(await count("?include_restricted=true"), 4)
    assert.strictEqual(await count("?include_anonymous=true"), 6)
    assert.strictEqual(await count("?include_anonymous=true&include_restricted=false"), 6)

    const tokens = await anonymousSignUp(project)
    const verify = async (query: string) =>
      jose
        .jwtVerify(
          tokens.access_token,
          jose.createLocalJWKSet(await (await fetch(jwksUrl(project.id, query))).json()),
          {
            audience: `${project.id}:anon`
          }
        )
        .then(
          () => true,
          () => false
        )
    assert.isFalse(await verify(""), "the plain key set cannot verify an anonymous token")
    assert.isFalse(await verify("?include_restricted=true"))
    assert.isTrue(await verify("?include_anonymous=true"))
  })

  it("answers an unknown project with a plain-text 404", async () => {
    const response = await fetch(jwksUrl("nope"))
    assert.strictEqual(response.status, 404)
    assert.strictEqual(response.headers.get("cache-control"), "no-store")
    assert.isNull(response.headers.get("x-stack-known-error"))
    assert.strictEqual(await response.text(), "Project not found")
  })

  it("redirects the anonymous issuer's well-known paths to the key set with the anonymous keys", async () => {
    const project = await backend.createProject()
    const response = await fetch(
      `${backend.localBackend().apiUrl}/projects-anonymous-users/${project.id}/.well-known/jwks.json`,
      {
        redirect: "manual"
      }
    )
    assert.strictEqual(response.status, 307)
    assert.strictEqual(
      response.headers.get("location"),
      `/api/v1/projects/${project.id}/.well-known/jwks.json?include_anonymous=true`
    )
  })
})
