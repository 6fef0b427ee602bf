import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  AccessTokenExpired,
  EmailPasswordMismatch,
  HttpError,
  InvalidTotpCode,
  isKnownError,
  knownErrorByCode,
  knownErrorClasses,
  type KnownErrorCode,
  MultiFactorAuthenticationRequired,
  OuterOAuthTimeout,
  PasswordConfirmationMismatch,
  PasswordTooLong,
  PasswordTooShort,
  pascalCase,
  SignUpNotEnabled,
  UnsupportedError,
  UserNotFound
} from "../../../src/errors/index.js"
import { wireTable } from "../wire-table.js"

const wireCodes = wireTable.filter(([, status]) => status !== "category")

describe("the known-error catalogue", () => {
  it("has exactly the codes of the hosted service's table, with their statuses and details fields", () => {
    assert.deepStrictEqual(knownErrorClasses.map((c) => c.code).sort(), wireCodes.map(([code]) => code).sort())
    for (const [code, status, fields] of wireCodes) {
      const cls = knownErrorByCode[code as KnownErrorCode]
      assert.strictEqual(cls.status, status, code)
      assert.deepStrictEqual(Object.keys(cls.detailsSchema.fields).sort(), [...fields].sort(), code)
    }
  })

  it("recognises every catalogue error, and nothing that only looks like one", () => {
    let checked = 0
    for (const cls of knownErrorClasses) {
      const error = cls.fromWire(undefined, "m")
      // Classes with required details refuse empty ones; those are covered by the round-trip property test.
      if (error._tag === "Success") {
        assert.isTrue(isKnownError(error.success), cls.code)
        checked++
      }
    }
    assert.isAbove(checked, 50)
    const lookalike = { _tag: "UserNotFound", code: "USER_NOT_FOUND", status: 404, details: {}, message: "" }
    assert.isFalse(isKnownError(lookalike))
    assert.isFalse(isKnownError(new HttpError({ status: 404, body: "", method: "GET", url: "/" })))
    assert.isFalse(isKnownError(null))
    // The mark lives on the prototype, so it is not one of the error's own fields.
    assert.notInclude(Reflect.ownKeys(new UserNotFound({})), Symbol.for("stackfx/KnownError"))
  })

  it("names every code the hosted service documents", () => {
    const specCodes = [
      "UNSUPPORTED_ERROR",
      "BODY_PARSING_ERROR",
      "SCHEMA_ERROR",
      "ALL_OVERLOADS_FAILED",
      "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
      "INVALID_ACCESS_TYPE",
      "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      "ACCESS_TYPE_REQUIRED",
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      "INSUFFICIENT_ACCESS_TYPE",
      "EXPECTED_INTERNAL_PROJECT",
      "UNPARSABLE_ACCESS_TOKEN",
      "ACCESS_TOKEN_EXPIRED",
      "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      "PROVIDER_REJECTED",
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      "USER_EMAIL_ALREADY_EXISTS",
      "USER_ID_DOES_NOT_EXIST",
      "USER_NOT_FOUND",
      "API_KEY_NOT_FOUND",
      "PROJECT_NOT_FOUND",
      "SIGN_UP_NOT_ENABLED",
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      "PASSKEY_AUTHENTICATION_NOT_ENABLED",
      "EMAIL_PASSWORD_MISMATCH",
      "REDIRECT_URL_NOT_WHITELISTED",
      "PASSWORD_TOO_SHORT",
      "PASSWORD_TOO_LONG",
      "USER_DOES_NOT_HAVE_PASSWORD",
      "VERIFICATION_CODE_NOT_FOUND",
      "VERIFICATION_CODE_EXPIRED",
      "VERIFICATION_CODE_ALREADY_USED",
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      "PASSWORD_CONFIRMATION_MISMATCH",
      "EMAIL_ALREADY_VERIFIED",
      "EMAIL_NOT_ASSOCIATED_WITH_USER",
      "EMAIL_IS_NOT_PRIMARY_EMAIL",
      "PASSKEY_REGISTRATION_FAILED",
      "PASSKEY_WEBAUTHN_ERROR",
      "PASSKEY_AUTHENTICATION_FAILED",
      "PERMISSION_NOT_FOUND",
      "CONTAINED_PERMISSION_NOT_FOUND",
      "TEAM_NOT_FOUND",
      "TEAM_MEMBERSHIP_NOT_FOUND",
      "EMAIL_TEMPLATE_ALREADY_EXISTS",
      "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
      "OUTER_OAUTH_TIMEOUT",
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      "INVALID_TOTP_CODE",
      "USER_AUTHENTICATION_REQUIRED",
      "TEAM_MEMBERSHIP_ALREADY_EXISTS",
      "TEAM_PERMISSION_REQUIRED",
      "INVALID_AUTHORIZATION_CODE",
      "TEAM_PERMISSION_NOT_FOUND",
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      "TEAM_ALREADY_EXISTS"
    ]
    // The list above must match the table's marks, so neither can drift silently.
    assert.deepStrictEqual(
      [...specCodes].sort(),
      wireCodes
        .filter(([, , , , inSpec]) => inSpec)
        .map(([code]) => code)
        .sort()
    )
    const present = new Set<string>(knownErrorClasses.map((c) => c.code))
    for (const code of specCodes) assert.isTrue(present.has(code), code)
  })

  it("derives _tag from the code in PascalCase", () => {
    for (const cls of knownErrorClasses) {
      assert.strictEqual(cls.tag, pascalCase(cls.code))
      const instance = cls.fromWire({}, undefined)
      if (instance._tag === "Success") assert.strictEqual(instance.success._tag, cls.tag)
    }
    assert.strictEqual(pascalCase("USER_NOT_FOUND"), "UserNotFound")
    assert.strictEqual(pascalCase("MULTI_FACTOR_AUTHENTICATION_REQUIRED"), "MultiFactorAuthenticationRequired")
    assert.strictEqual(pascalCase("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER"), "OAuthConnectionNotConnectedToUser")
    assert.strictEqual(pascalCase("PASSKEY_WEBAUTHN_ERROR"), "PasskeyWebAuthnError")
    assert.strictEqual(pascalCase("INVALID_TOTP_CODE"), "InvalidTotpCode")
    assert.strictEqual(pascalCase("API_KEY_NOT_FOUND"), "ApiKeyNotFound")
  })

  it("uses the hosted service's messages", () => {
    assert.strictEqual(new EmailPasswordMismatch().message, "Wrong e-mail or password.")
    assert.strictEqual(
      new SignUpNotEnabled().message,
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."
    )
    assert.strictEqual(
      new PasswordTooShort({ details: { min_length: 8 } }).message,
      "Password too short. Minimum length is 8."
    )
    assert.strictEqual(
      new PasswordTooLong({ details: { maxLength: 72 } }).message,
      "Password too long. Maximum length is 72."
    )
    assert.strictEqual(new PasswordConfirmationMismatch().message, "Passwords do not match.")
    assert.strictEqual(new InvalidTotpCode().message, "The TOTP code is invalid. Please try again.")
    assert.strictEqual(new OuterOAuthTimeout().message, "The OAuth flow has timed out. Please sign in again.")
    assert.include(new AccessTokenExpired().message, "Please refresh it and try again.")
  })

  it("builds instances with code, status, details, message and static code/status", () => {
    const e = new MultiFactorAuthenticationRequired({ details: { attempt_code: "abc" } })
    assert.strictEqual(e._tag, "MultiFactorAuthenticationRequired")
    assert.strictEqual(e.code, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    assert.strictEqual(e.status, 400)
    assert.deepStrictEqual(e.details, { attempt_code: "abc" })
    assert.strictEqual(MultiFactorAuthenticationRequired.code, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    assert.strictEqual(MultiFactorAuthenticationRequired.status, 400)
    assert.instanceOf(e, Error)
    assert.deepStrictEqual(new UserNotFound({}).details, {})
    assert.strictEqual(new UserNotFound({ message: "custom" }).message, "custom")
    assert.strictEqual(
      new UnsupportedError({ details: { originalErrorCode: "NEW_CODE" } }).details.originalErrorCode,
      "NEW_CODE"
    )
    assert.strictEqual(
      PasswordTooShort.make({ details: { min_length: 3 } }).message,
      "Password too short. Minimum length is 3."
    )
  })

  it("keeps full static types", () => {
    const e = new PasswordTooShort({ details: { min_length: 8 } })
    const tag: "PasswordTooShort" = e._tag
    const code: "PASSWORD_TOO_SHORT" = e.code
    const status: 400 = e.status
    const details: { readonly min_length: number } = e.details
    // @ts-expect-error the tag is a literal
    const wrongTag: "UserNotFound" = e._tag
    const known: KnownErrorCode = "USER_NOT_FOUND"
    // @ts-expect-error only catalogue codes
    const unknownCode: KnownErrorCode = "NOT_A_CODE"
    const staticCode: "PASSWORD_TOO_SHORT" = PasswordTooShort.code
    assert.deepStrictEqual(
      [tag, code, status, details.min_length, wrongTag, known, unknownCode, staticCode],
      [
        "PasswordTooShort",
        "PASSWORD_TOO_SHORT",
        400,
        8,
        "PasswordTooShort",
        "USER_NOT_FOUND",
        "NOT_A_CODE",
        "PASSWORD_TOO_SHORT"
      ]
    )
  })

  it("refuses details that do not fit the catalogue", () => {
    // @ts-expect-error details are required when the class has required details fields
    assert.throws(() => new PasswordTooShort({}))
    // @ts-expect-error min_length is a number
    assert.throws(() => new PasswordTooShort({ details: { min_length: "8" } }))
    assert.throws(() => new PasswordTooShort({ details: { min_length: 8.5 } }))
  })

  it.effect("is a yieldable, tag-catchable error", () =>
    Effect.gen(function* () {
      const caught = yield* Effect.fail(new PasswordTooShort({ details: { min_length: 8 } })).pipe(
        Effect.catchTag("PasswordTooShort", (e) => Effect.succeed(e.details.min_length))
      )
      assert.strictEqual(caught, 8)
      const flipped = yield* Effect.flip(
        Effect.gen(function* () {
          return yield* new UserNotFound()
        })
      )
      assert.strictEqual(flipped.code, "USER_NOT_FOUND")
    })
  )
})
