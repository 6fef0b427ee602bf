import { knownError } from "./factory.js"

/** The `VERIFICATION_CODE_NOT_FOUND` known error (404): "The verification code does not exist for this project." */
export class VerificationCodeNotFound extends knownError<VerificationCodeNotFound>()(
  "VERIFICATION_CODE_NOT_FOUND",
  404,
  "The verification code does not exist for this project."
) {}
/** The `VERIFICATION_CODE_EXPIRED` known error (400): "The verification code has expired." */
export class VerificationCodeExpired extends knownError<VerificationCodeExpired>()(
  "VERIFICATION_CODE_EXPIRED",
  400,
  "The verification code has expired."
) {}
/** The `VERIFICATION_CODE_ALREADY_USED` known error (409): "The verification link has already been used." */
export class VerificationCodeAlreadyUsed extends knownError<VerificationCodeAlreadyUsed>()(
  "VERIFICATION_CODE_ALREADY_USED",
  409,
  "The verification link has already been used."
) {}
/** The `VERIFICATION_CODE_MAX_ATTEMPTS_REACHED` known error (400). */
export class VerificationCodeMaxAttemptsReached extends knownError<VerificationCodeMaxAttemptsReached>()(
  "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
  400,
  "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore."
) {}
