/**
 * Checks the hosted service makes on input beyond its schemas, answered with its exact texts:
 * a client may only upload an image (a base64 `data:image/...` URL, or bare base64) as a profile image,
 * never point at a URL; and a TOTP secret must be padded standard base64.
 */
import * as Effect from "effect/Effect"
import type { AccessType } from "@stackfx/lib/domain/api.js"
import { clientImageRefused } from "@stackfx/lib/domain/rules/profile-image.js"
import type { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import { type RequestLine, schemaErrorOf } from "./request.js"
import { HttpStatusError } from "./respond.js"

const PADDED_BASE64 = /^([0-9a-zA-Z+/]{4})*(([0-9a-zA-Z+/]{2}==)|([0-9a-zA-Z+/]{3}=))?$/

/**
 * Refuses a client's profile image that is not an uploaded image (servers may set any URL).
 *
 * @example clientProfileImageCheck("client", "https://img.example/a.png") // fails: 400 "Invalid profile image URL"
 */
export const clientProfileImageCheck = (
  accessType: AccessType,
  url: string | null | undefined
): Effect.Effect<void, HttpStatusError> =>
  accessType === "client" && clientImageRefused(url)
    ? Effect.fail(new HttpStatusError({ status: 400, message: "Invalid profile image URL" }))
    : Effect.void

/** Refuses a `totp_secret_base64` that is not padded standard base64, as a SCHEMA_ERROR naming the field. */
export const totpSecretCheck = (
  secret: string | null | undefined,
  request: RequestLine
): Effect.Effect<void, SchemaError> =>
  secret === undefined || secret === null || PADDED_BASE64.test(secret)
    ? Effect.void
    : Effect.fail(schemaErrorOf(request, ["body.totp_secret_base64 is not valid base64"]))
