import { assert, describe, it } from "@effect/vitest"
import {
  decodeKnownError,
  encodeKnownError,
  OAuthProviderTemporarilyUnavailable,
  PasswordTooShort,
  PublishableClientKeyRequiredForProject,
  SignUpRejected,
  UnsupportedError,
  UserEmailAlreadyExists,
  UserNotFound
} from "../../src/errors/index.js"
import { actualStatus, type WireErrorResponse } from "../../src/errors/wire-response.js"

const known = (code: string, body: unknown, extra: Record<string, string> = {}): WireErrorResponse => ({
  status: 200,
  headers: { "x-stack-known-error": code, "x-stack-actual-status": "400", ...extra },
  body: typeof body === "string" ? body : JSON.stringify(body)
})

describe("actualStatus", () => {
  it("restores X-Stack-Actual-Status and otherwise keeps the status", () => {
    assert.strictEqual(actualStatus({ status: 200, headers: { "x-stack-actual-status": "404" }, body: "" }), 404)
    assert.strictEqual(actualStatus({ status: 502, headers: {}, body: "" }), 502)
    assert.strictEqual(actualStatus({ status: 200, headers: { "x-stack-actual-status": "nope" }, body: "" }), 200)
    assert.strictEqual(actualStatus({ status: 200, headers: { "X-Stack-Actual-Status": "409" }, body: "" }), 409)
  })
})

describe("decodeKnownError", () => {
  it("is undefined without the known-error header", () => {
    assert.isUndefined(decodeKnownError({ status: 500, headers: {}, body: "Internal Server Error" }))
  })

  it("decodes a known error and keeps the server's message", () => {
    const e = decodeKnownError(
      known("PASSWORD_TOO_SHORT", {
        code: "PASSWORD_TOO_SHORT",
        details: { min_length: 10 },
        error: "Server wording."
      })
    )
    assert.instanceOf(e, PasswordTooShort)
    if (!(e instanceof PasswordTooShort)) return
    assert.deepStrictEqual(e.details, { min_length: 10 })
    assert.strictEqual(e.message, "Server wording.")
    assert.strictEqual(e.status, 400)
  })

  it("uses the catalogue message when the body has none", () => {
    const e = decodeKnownError(known("USER_NOT_FOUND", { code: "USER_NOT_FOUND" }))
    assert.instanceOf(e, UserNotFound)
    assert.strictEqual(e?.message, "User not found.")
  })

  it("ignores detail fields the catalogue does not know", () => {
    const e = decodeKnownError(
      known("PASSWORD_TOO_SHORT", {
        code: "PASSWORD_TOO_SHORT",
        details: { min_length: 10, extra: true },
        error: "x"
      })
    )
    assert.deepStrictEqual(e?._tag === "PasswordTooShort" ? e.details : undefined, { min_length: 10 })
  })

  it("keeps an unknown code's real status, code, details and message", () => {
    const e = decodeKnownError(
      known(
        "BRAND_NEW_ERROR",
        { code: "BRAND_NEW_ERROR", details: { a: 1 }, error: "new" },
        {
          "x-stack-actual-status": "403"
        }
      )
    )
    assert.strictEqual(e?._tag, "UnexpectedKnownError")
    if (e?._tag !== "UnexpectedKnownError") return
    assert.strictEqual(e.code, "BRAND_NEW_ERROR")
    assert.strictEqual(e.status, 403)
    assert.deepStrictEqual(e.details, { a: 1 })
    assert.strictEqual(e.message, "new")
  })

  it("keeps a 5xx unknown code's status and an answer without details or message", () => {
    const e = decodeKnownError({
      status: 503,
      headers: { "x-stack-known-error": "SOMETHING_DOWN" },
      body: JSON.stringify({ code: "SOMETHING_DOWN" })
    })
    assert.strictEqual(e?._tag, "UnexpectedKnownError")
    if (e?._tag !== "UnexpectedKnownError") return
    assert.strictEqual(e.status, 503)
    assert.strictEqual(e.code, "SOMETHING_DOWN")
    assert.isUndefined(e.details)
    assert.include(e.message, "SOMETHING_DOWN")
  })

  it("decodes UNSUPPORTED_ERROR itself, when the server sends that code, as its catalogue class", () => {
    const e = decodeKnownError({
      status: 500,
      headers: { "x-stack-known-error": "UNSUPPORTED_ERROR" },
      body: JSON.stringify({ code: "UNSUPPORTED_ERROR", details: { originalErrorCode: "X" }, error: "m" })
    })
    assert.instanceOf(e, UnsupportedError)
  })

  it("accepts the detail forms the hosted service sends: a null project id, no would-work flag", () => {
    const keyRequired = decodeKnownError(
      known(
        "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
        {
          code: "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
          details: { project_id: null },
          error: "x"
        },
        { "x-stack-actual-status": "401" }
      )
    )
    assert.instanceOf(keyRequired, PublishableClientKeyRequiredForProject)
    if (keyRequired instanceof PublishableClientKeyRequiredForProject) assert.isNull(keyRequired.details.project_id)
    const exists = decodeKnownError(
      known(
        "USER_EMAIL_ALREADY_EXISTS",
        {
          code: "USER_EMAIL_ALREADY_EXISTS",
          details: { email: "a@example.com" }
        },
        { "x-stack-actual-status": "409" }
      )
    )
    assert.instanceOf(exists, UserEmailAlreadyExists)
    assert.strictEqual(exists?.message, 'A user with email "a@example.com" already exists.')
  })

  it("decodes the sign-up rule refusal with the rule's own message", () => {
    const e = decodeKnownError(
      known(
        "SIGN_UP_REJECTED",
        {
          code: "SIGN_UP_REJECTED",
          details: { message: "Closed." },
          error: "Closed."
        },
        { "x-stack-actual-status": "403" }
      )
    )
    assert.instanceOf(e, SignUpRejected)
    if (e instanceof SignUpRejected) {
      assert.strictEqual(e.status, 403)
      assert.strictEqual(e.details.message, "Closed.")
      assert.strictEqual(e.message, "Closed.")
    }
    assert.strictEqual(new SignUpRejected({ details: { message: "Nope." } }).message, "Nope.")
  })

  it("reports a header/body code mismatch", () => {
    const e = decodeKnownError(
      known("USER_NOT_FOUND", { code: "TEAM_NOT_FOUND", details: { team_id: "t" }, error: "x" })
    )
    assert.strictEqual(e?._tag, "KnownErrorMismatch")
    if (e?._tag !== "KnownErrorMismatch") return
    assert.strictEqual(e.reason, "code-mismatch")
    assert.strictEqual(e.headerCode, "USER_NOT_FOUND")
    assert.strictEqual(e.bodyCode, "TEAM_NOT_FOUND")
    assert.strictEqual(e.status, 400)
  })

  it("reports bodies that are not JSON, lack a code, or carry invalid details", () => {
    const reasons = [
      decodeKnownError(known("USER_NOT_FOUND", "User not found")),
      decodeKnownError(known("USER_NOT_FOUND", { error: "no code" })),
      decodeKnownError(known("USER_NOT_FOUND", [1, 2])),
      decodeKnownError(known("PASSWORD_TOO_SHORT", { code: "PASSWORD_TOO_SHORT", details: { min_length: "8" } })),
      decodeKnownError(known("PASSWORD_TOO_SHORT", { code: "PASSWORD_TOO_SHORT", error: "no details" }))
    ].map((e) => (e?._tag === "KnownErrorMismatch" ? e.reason : e?._tag))
    assert.deepStrictEqual(reasons, [
      "body-not-json",
      "missing-code",
      "missing-code",
      "invalid-details",
      "invalid-details"
    ])
  })
})

describe("encodeKnownError", () => {
  it("answers 200 with the actual status only for 4xx under the override header", () => {
    const e = new PasswordTooShort({ details: { min_length: 8 } })
    const over = encodeKnownError(e, { overrideStatus: true })
    assert.strictEqual(over.status, 200)
    assert.strictEqual(over.headers["x-stack-actual-status"], "400")
    assert.strictEqual(over.headers["x-stack-known-error"], "PASSWORD_TOO_SHORT")
    assert.strictEqual(over.headers["content-type"], "application/json")
    assert.deepStrictEqual(JSON.parse(over.body), {
      code: "PASSWORD_TOO_SHORT",
      details: { min_length: 8 },
      error: "Password too short. Minimum length is 8."
    })
    const plain = encodeKnownError(e, { overrideStatus: false })
    assert.strictEqual(plain.status, 400)
    assert.isUndefined(plain.headers["x-stack-actual-status"])
  })

  it("keeps 5xx statuses even under the override header", () => {
    const a = encodeKnownError(new OAuthProviderTemporarilyUnavailable(), { overrideStatus: true })
    assert.strictEqual(a.status, 503)
    assert.isUndefined(a.headers["x-stack-actual-status"])
    const b = encodeKnownError(new UnsupportedError({ details: { originalErrorCode: "X" } }), { overrideStatus: true })
    assert.strictEqual(b.status, 500)
  })

  it("leaves details out when there are none", () => {
    assert.deepStrictEqual(JSON.parse(encodeKnownError(new UserNotFound(), { overrideStatus: true }).body), {
      code: "USER_NOT_FOUND",
      error: "User not found."
    })
  })
})
