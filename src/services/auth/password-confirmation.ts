/** The one password rule the client checks itself; length and strength are the server's to judge. */
import * as Result from "effect/Result"
import { PasswordConfirmationMismatch } from "../../errors/known/password.js"

/**
 * Succeeds with the password when the confirmation repeats it exactly (no trimming or normalisation:
 * the server compares code units too); fails with `PasswordConfirmationMismatch` ("Passwords do not match.").
 * @internal
 */
export const checkPasswordConfirmation = (
  password: string,
  confirmation: string
): Result.Result<string, PasswordConfirmationMismatch> =>
  password === confirmation ? Result.succeed(password) : Result.fail(new PasswordConfirmationMismatch({}))
