import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import { checkPasswordConfirmation } from "../../../src/services/auth/password-confirmation.js"

describe("password confirmation", () => {
  it("succeeds exactly when both are identical", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (password, confirmation) => {
        const result = checkPasswordConfirmation(password, confirmation)
        assert.strictEqual(Result.isSuccess(result), password === confirmation)
        assert.isTrue(Result.isSuccess(checkPasswordConfirmation(password, password)))
      })
    )
  })

  it("fails with PASSWORD_CONFIRMATION_MISMATCH and the hosted SDK's message; no trimming", () => {
    const result = checkPasswordConfirmation("hunter2", "hunter2 ")
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      assert.strictEqual(result.failure._tag, "PasswordConfirmationMismatch")
      assert.strictEqual(result.failure.code, "PASSWORD_CONFIRMATION_MISMATCH")
      assert.strictEqual(result.failure.message, "Passwords do not match.")
    }
  })
})
