import { assert, describe, it } from "@effect/vitest"
import { createHash, randomBytes } from "node:crypto"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { afterAll, beforeAll } from "vitest"
import { LocalBackend, layer } from "../../../backend/src/server.js"
import { issueAuthorizationCode } from "../../../backend/src/oauth/operations/authorization-codes.js"
import { Db } from "../../../backend/src/store/db.js"
import { call } from "../../support/local-backend.js"

// The OAuth callback issues codes in-process; this drives that service directly and redeems over HTTP.
let scope: Scope.Closeable | undefined
let context: Context.Context<LocalBackend | Db> | undefined

beforeAll(async () => {
  scope = Effect.runSync(Scope.make())
  context = await Effect.runPromise(Layer.buildWithScope(layer({ port: 0, db: "memory" }), scope))
})
afterAll(async () => {
  if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
})

const localBackend = () => {
  if (context === undefined) throw new Error("not started")
  return Context.get(context, LocalBackend)
}
const running = () => ({ ...localBackend(), stop: () => Promise.resolve() })

const issue = (input: { userId: string; challenge: string; redirectUri: string }) => {
  if (context === undefined) throw new Error("not started")
  return Effect.runPromise(
    Effect.provide(
      issueAuthorizationCode({
        projectId: "internal",
        userId: input.userId,
        redirectUri: input.redirectUri,
        codeChallenge: input.challenge,
        codeChallengeMethod: "S256",
        isNewUser: true,
        afterCallbackRedirectUrl: "http://localhost:3000/after"
      }),
      context
    )
  )
}

const exchange = async (fields: Record<string, string>) => {
  const response = await fetch(`${localBackend().apiUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: "internal",
      client_secret: localBackend().project.publishableClientKey,
      ...fields
    })
  })
  const text = await response.text()
  const body: unknown = (() => {
    try {
      return JSON.parse(text)
    } catch {
      return undefined
    }
  })()
  // The test reads the answer's fields loosely, as test/support/local-backend.ts's `call` does.
  return { status: response.status, body: body as any, text, knownError: response.headers.get("x-stack-known-error") }
}

describe("the authorization-code grant", () => {
  it("redeems a code once with the right PKCE verifier and redirect URI", async () => {
    const internal = { ...localBackend().project }
    const user = await call(running(), internal, "POST", "/auth/password/sign-up", {
      body: { email: "oauth-code@example.test", password: "password-123" }
    })
    const verifier = randomBytes(32).toString("base64url")
    const challenge = createHash("sha256").update(verifier).digest("base64url")
    const redirectUri = "http://localhost:3000/handler/oauth-callback"
    const code = await issue({ userId: user.body.user_id, challenge, redirectUri })

    const wrongVerifier = await exchange({
      code,
      code_verifier: randomBytes(32).toString("base64url"),
      redirect_uri: redirectUri
    })
    assert.strictEqual(wrongVerifier.status, 400)
    assert.strictEqual(wrongVerifier.body.code, "INVALID_AUTHORIZATION_CODE")
    // The PKCE check comes before the redirect URI's: a wrong verifier with a wrong URI is still the known error.
    const both = await exchange({
      code,
      code_verifier: randomBytes(32).toString("base64url"),
      redirect_uri: "http://localhost:3000/other"
    })
    assert.strictEqual(both.body.code, "INVALID_AUTHORIZATION_CODE")
    const wrongRedirect = await exchange({ code, code_verifier: verifier, redirect_uri: "http://localhost:3000/other" })
    assert.strictEqual(wrongRedirect.status, 400)
    assert.isNull(wrongRedirect.knownError)
    assert.strictEqual(
      wrongRedirect.text,
      "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."
    )
    // Neither failure used the code up (hosted uses it only once every check passed): it still redeems.
    const redeemed = await exchange({ code, code_verifier: verifier, redirect_uri: redirectUri })
    assert.strictEqual(redeemed.status, 200)

    const good = await issue({ userId: user.body.user_id, challenge, redirectUri })
    const ok = await exchange({
      code: good,
      code_verifier: verifier,
      redirect_uri: `${redirectUri}?code=${good}&state=abc`
    })
    assert.strictEqual(ok.status, 200)
    assert.strictEqual(ok.body.is_new_user, true)
    assert.strictEqual(ok.body.after_callback_redirect_url, "http://localhost:3000/after")
    assert.strictEqual(ok.body.token_type, "Bearer")
    assert.isString(ok.body.access_token)
    assert.isString(ok.body.refresh_token)
    const me = await call(running(), internal, "GET", "/users/me", { accessToken: ok.body.access_token })
    assert.strictEqual(me.body.id, user.body.user_id)

    const again = await exchange({ code: good, code_verifier: verifier, redirect_uri: redirectUri })
    assert.strictEqual(again.body.code, "INVALID_AUTHORIZATION_CODE")
  })
})
