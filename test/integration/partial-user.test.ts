/**
 * The official SDK's `getPartialUser({ from: "token" })` and `getAuthorizationHeader()`, as stackfx has them
 * (issue 28, §1.5): what the access token says about the user, and the session as an `Authorization` header.
 * Against tokens the local backend issued.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { authorizationHeaderOf } from "../../src/services/session/auth-json.js"
import { partialUser, partialUserOf } from "../../src/services/session/partial-user.js"
import { clientCore, type Tokens } from "../support/clients.js"
import { expectStatus, type TestProject, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

const inSession = (project: TestProject, tokens?: Tokens) => Effect.provide(clientCore(backend, project, tokens))

describe("the partial user", () => {
  it.live("is what the signed-in user's token says, and null for a visitor", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const partial = yield* partialUser().pipe(inSession(project, user))
      assert.deepStrictEqual(partial, {
        id: user.userId,
        primaryEmail: user.email,
        displayName: null,
        primaryEmailVerified: false,
        isAnonymous: false,
        isMultiFactorRequired: false,
        isRestricted: false,
        restrictedReason: null
      })
      assert.isNull(yield* partialUser().pipe(inSession(project)))
      // An expired token says nothing.
      assert.isNull(partialUserOf(user.accessToken, Date.now() + 24 * 60 * 60 * 1000))
    })
  )

  it.live("of a guest is null unless asked for with anonymous-if-exists", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const guest = yield* Effect.promise(async () => {
        const answer = expectStatus(await backend.call(project, "POST", "/auth/anonymous/sign-up"), 200)
        return { accessToken: answer.body.access_token as string, refreshToken: answer.body.refresh_token as string }
      })
      assert.isNull(yield* partialUser().pipe(inSession(project, guest)))
      const partial = yield* partialUser({ or: "anonymous-if-exists" }).pipe(inSession(project, guest))
      assert.deepInclude(partial, { isAnonymous: true, isRestricted: true, restrictedReason: { type: "anonymous" } })
    })
  )
})

describe("the Authorization header", () => {
  it.live("carries the auth JSON as the official SDK writes it, and is null without tokens", () =>
    Effect.gen(function* () {
      const project = yield* Effect.promise(() => backend.createProject())
      const user = yield* Effect.promise(() => backend.signUp(project))
      const value = authorizationHeaderOf(user)
      assert.isNotNull(value)
      const [scheme, credential = ""] = (value ?? "").split(" ")
      assert.strictEqual(scheme, "Bearer")
      assert.isTrue(credential.startsWith("stackauth_"))
      const json = JSON.parse(Buffer.from(credential.slice("stackauth_".length), "base64").toString("utf8"))
      assert.deepStrictEqual(json, { accessToken: user.accessToken, refreshToken: user.refreshToken })
      assert.isNull(authorizationHeaderOf(null))
      assert.isNull(authorizationHeaderOf({ accessToken: null, refreshToken: null }))
    })
  )
})
