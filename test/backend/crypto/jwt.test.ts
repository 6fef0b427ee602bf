import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as jose from "jose"
import { AccessTokenClaims } from "../../../src/domain/jwt.js"
import { useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const CLAIMS = [
  "sub",
  "iat",
  "exp",
  "iss",
  "aud",
  "project_id",
  "branch_id",
  "refresh_token_id",
  "role",
  "name",
  "email",
  "email_verified",
  "selected_team_id",
  "signed_up_at",
  "is_anonymous",
  "is_restricted",
  "restricted_reason",
  "requires_totp_mfa"
]

describe("access tokens", () => {
  it("carry every claim of docs/wire.md and verify against the project's JWKS", async () => {
    const project = await backend.createProject({ config: { create_team_on_sign_up: true } })
    const user = await backend.signUp(project)
    await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { display_name: "Claire" }
    })
    const session = await backend.call(project, "POST", "/auth/sessions", {
      accessType: "server",
      body: { user_id: user.userId }
    })
    const token: string = session.body.access_token

    const jwksUrl = `${backend.localBackend().apiUrl}/projects/${project.id}/.well-known/jwks.json`
    const jwksResponse = await fetch(jwksUrl)
    assert.strictEqual(jwksResponse.status, 200)
    const jwks = await jwksResponse.json()
    // The current key and the next one, as the service publishes them.
    assert.strictEqual(jwks.keys.length, 2)
    for (const key of jwks.keys) {
      assert.strictEqual(key.alg, "ES256")
      assert.isUndefined(key.d, "the private part is never published")
    }

    const { payload, protectedHeader } = await jose.jwtVerify(token, jose.createRemoteJWKSet(new URL(jwksUrl)), {
      issuer: `${backend.localBackend().url}/api/v1/projects/${project.id}`,
      audience: project.id,
      algorithms: ["ES256"]
    })
    assert.strictEqual(protectedHeader.alg, "ES256")
    assert.include(
      jwks.keys.map((key: { kid: string }) => key.kid),
      protectedHeader.kid
    )
    assert.deepStrictEqual(Object.keys(payload).sort(), [...CLAIMS].sort())
    const claims = Schema.decodeUnknownSync(AccessTokenClaims)(payload)
    assert.strictEqual(claims.sub, user.userId)
    assert.strictEqual(claims.projectId, project.id)
    assert.strictEqual(claims.branchId, "main")
    assert.strictEqual(claims.role, "authenticated")
    assert.strictEqual(claims.name, "Claire")
    assert.strictEqual(claims.email, user.email)
    assert.strictEqual(claims.emailVerified, false)
    assert.isString(claims.selectedTeamId)
    assert.strictEqual(claims.exp! - claims.iat, 600)
    assert.isAtMost(Math.abs(claims.signedUpAt - Date.now() / 1000), 60, "signed_up_at is in seconds")
    assert.strictEqual(claims.requiresTotpMfa, false)
    assert.isNull(claims.restrictedReason)
  })

  it("name the base URL the client used in iss (localhost or 127.0.0.1)", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const viaLocalhost = backend.localBackend().url.replace("127.0.0.1", "localhost")
    const response = await fetch(`${viaLocalhost}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "client",
        "x-stack-project-id": project.id,
        "x-stack-publishable-client-key": project.publishableClientKey
      },
      body: JSON.stringify({ email: user.email, password: user.password })
    })
    const { access_token: token } = await response.json()
    assert.strictEqual(jose.decodeJwt(token).iss, `${viaLocalhost}/api/v1/projects/${project.id}`)
    assert.strictEqual(
      jose.decodeJwt(user.accessToken).iss,
      `${backend.localBackend().url}/api/v1/projects/${project.id}`
    )
  })

  it("are signed with a key per project", async () => {
    const a = await backend.createProject()
    const b = await backend.createProject()
    const jwks = async (id: string) =>
      await (await fetch(`${backend.localBackend().apiUrl}/projects/${id}/.well-known/jwks.json`)).json()
    const [ka, kb] = [await jwks(a.id), await jwks(b.id)]
    assert.notStrictEqual(ka.keys[0].kid, kb.keys[0].kid)
    const user = await backend.signUp(a)
    const verifyWith = (keys: jose.JSONWebKeySet) => jose.jwtVerify(user.accessToken, jose.createLocalJWKSet(keys))
    await verifyWith(ka)
    let failed = false
    await verifyWith(kb).catch(() => {
      failed = true
    })
    assert.isTrue(failed, "project B's keys do not verify project A's tokens")
  })

  it("answers the JWKS of an unknown project with the hosted plain-text 404 (no known error)", async () => {
    const response = await fetch(`${backend.localBackend().apiUrl}/projects/nope/.well-known/jwks.json`)
    assert.strictEqual(response.status, 404)
    assert.isNull(response.headers.get("x-stack-known-error"))
    assert.strictEqual(await response.text(), "Project not found")
  })
})
