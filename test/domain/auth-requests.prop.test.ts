import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import * as D from "../../src/domain/index.js"
import { uniqueEmail, useKitBackend } from "../support/local-backend.js"

type WireSchema = Schema.Codec<unknown, unknown>

const roundTrips = (schema: WireSchema, value: unknown) => {
  const wire: unknown = JSON.parse(JSON.stringify(Schema.encodeUnknownSync(schema)(value)))
  assert.deepStrictEqual(Schema.decodeUnknownSync(schema)(wire), value)
}

const email = fc.emailAddress()
const text = fc.string()

describe("auth request schemas", () => {
  it("code-only, reset, update, set and MFA bodies round-trip", () =>
    fc.assert(
      fc.property(text, text, fc.string({ minLength: 1 }), (a, b, c) => {
        roundTrips(D.CodeRequest, { code: a })
        roundTrips(D.PasswordResetRequest, { code: a, password: b })
        roundTrips(D.PasswordUpdateRequest, { oldPassword: a, newPassword: b })
        roundTrips(D.PasswordSetRequest, { password: b })
        roundTrips(D.MfaSignInRequest, { type: "totp", totp: c, code: a })
      })
    ))

  it("answers round-trip", () =>
    fc.assert(
      fc.property(fc.oneof(fc.constant(true as const), text), (success) => {
        roundTrips(D.ResetCodeSentResponse, { success })
        roundTrips(D.CodeCheckResponse, { isCodeValid: true })
      })
    ))

  it("PasswordSignUpRequest round-trips", () =>
    fc.assert(
      fc.property(email, text, fc.option(fc.webUrl(), { nil: undefined }), (e, p, url) =>
        roundTrips(
          D.PasswordSignUpRequest,
          url === undefined ? { email: e, password: p } : { email: e, password: p, verificationCallbackUrl: url }
        )
      )
    ))

  it("PasswordSignInRequest round-trips", () =>
    fc.assert(fc.property(email, text, (e, p) => roundTrips(D.PasswordSignInRequest, { email: e, password: p }))))

  it("EmailLinkRequest round-trips", () =>
    fc.assert(
      fc.property(email, fc.webUrl(), (e, url) => roundTrips(D.EmailLinkRequest, { email: e, callbackUrl: url }))
    ))

  it("writes the hosted service's field names", () => {
    assert.deepStrictEqual(
      Schema.encodeSync(D.PasswordSignUpRequest)({
        email: "a@b.c",
        password: "p",
        verificationCallbackUrl: "https://app.example/v"
      }),
      {
        email: "a@b.c",
        password: "p",
        verification_callback_url: "https://app.example/v"
      }
    )
    assert.deepStrictEqual(Schema.encodeSync(D.PasswordUpdateRequest)({ oldPassword: "o", newPassword: "n" }), {
      old_password: "o",
      new_password: "n"
    })
    assert.deepStrictEqual(
      Schema.encodeSync(D.EmailLinkRequest)({ email: "a@b.c", callbackUrl: "https://app.example/m" }),
      { email: "a@b.c", callback_url: "https://app.example/m" }
    )
  })

  it("refuses strings without an @ as email", () =>
    fc.assert(
      fc.property(
        text.filter((s) => !s.includes("@")),
        (s) => {
          assert.isTrue(
            Schema.decodeUnknownResult(D.PasswordSignInRequest)({ email: s, password: "x" })._tag === "Failure"
          )
        }
      )
    ))
})

describe("the local backend refuses what the shared schema refuses", () => {
  const backend = useKitBackend()

  it("an email without @ on sign-up, and a camelCase field the wire does not know", async () => {
    const project = await backend.createProject()
    const value = { email: "no-at-sign", password: "password-123" }
    assert.isTrue(Schema.decodeUnknownResult(D.PasswordSignUpRequest)(value)._tag === "Failure")
    const bad = await backend.call(project, "POST", "/auth/password/sign-up", { body: value })
    assert.strictEqual(bad.status, 400)
    const wrongCase = { oldPassword: "a", newPassword: "b" }
    assert.isTrue(Schema.decodeUnknownResult(D.PasswordUpdateRequest)(wrongCase)._tag === "Failure")
    const signUp = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: uniqueEmail(), password: "password-123" }
    })
    const update = await backend.call(project, "POST", "/auth/password/update", {
      body: wrongCase,
      accessToken: signUp.body.access_token
    })
    assert.strictEqual(update.status, 400)
  })
})
