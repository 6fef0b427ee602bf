/** Request bodies that change users: `PATCH /users/me`, `PATCH /users/{id}`, `POST /users`. */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { AbsoluteUrl } from "./absolute-url.js"
import { wireStruct } from "./wire.js"

/** An ISO 3166 alpha-2 code as the service takes it: trimmed and upper-cased, then two letters. */
export const CountryCode = Schema.String.pipe(
  Schema.decodeTo(
    Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/, { message: "must be a 2-letter country code" })),
    SchemaTransformation.transform({ decode: (code: string) => code.trim().toUpperCase(), encode: (code) => code })
  )
)

/** A risk score as the service stores it: a whole number from 0 to 100. @internal */
export const RiskScore = Schema.Finite.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 100 }))

/** The sign-up risk scores a server may set (the service's own engine computes them at sign-up). */
export const SignUpRiskScoresInput = wireStruct({
  signUp: wireStruct({ bot: RiskScore, freeTrialAbuse: RiskScore })
})
export type SignUpRiskScoresInput = typeof SignUpRiskScoresInput.Type

/** The longest password a server may set on a user (the service's `passwordSchema`). */
const SERVER_PASSWORD_MAX_LENGTH = 70

const clientUserUpdateFields = {
  displayName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** A URL (the service refuses anything else, the empty string included), or `null` to remove it. */
  profileImageUrl: Schema.optionalKey(Schema.NullOr(AbsoluteUrl)),
  clientMetadata: Schema.optionalKey(Schema.Json),
  selectedTeamId: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** A base64 TOTP secret enables MFA; `null` disables it. */
  totpSecretBase64: Schema.optionalKey(Schema.NullOr(Schema.String)),
  otpAuthEnabled: Schema.optionalKey(Schema.Boolean),
  passkeyAuthEnabled: Schema.optionalKey(Schema.Boolean),
  primaryEmail: Schema.optionalKey(Schema.NullOr(Schema.String))
}

const serverOnlyUserFields = {
  clientReadOnlyMetadata: Schema.optionalKey(Schema.Json),
  serverMetadata: Schema.optionalKey(Schema.Json),
  primaryEmailVerified: Schema.optionalKey(Schema.Boolean),
  primaryEmailAuthEnabled: Schema.optionalKey(Schema.Boolean),
  /**
   * Setting a password revokes the user's sessions; `null` removes it. The service's users route checks only
   * the schema's 70 characters at most here (`userPasswordMutationSchema`): no minimum, unlike a sign-up.
   */
  password: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(SERVER_PASSWORD_MAX_LENGTH)))),
  /** Instead of `password`: an existing bcrypt hash in Modular Crypt Format (`$2a$10$...`), for imports. */
  passwordHash: Schema.optionalKey(Schema.String),
  /** Restrict the user (`restricted_by_administrator`); `false` lifts it and clears the reason and details. */
  restrictedByAdmin: Schema.optionalKey(Schema.Boolean),
  /** The reason the user is shown; needs `restrictedByAdmin: true` (else the service answers 400). */
  restrictedByAdminReason: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** A private note for administrators; needs `restrictedByAdmin: true` (else 400). */
  restrictedByAdminPrivateDetails: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Where the user signed up from; the service fills it at sign-up from the request's location. */
  countryCode: Schema.optionalKey(Schema.NullOr(CountryCode)),
  riskScores: Schema.optionalKey(SignUpRiskScoresInput)
}

/** What the signed-in user may change about themselves; absent keys are left unchanged. */
export const ClientUserUpdate = wireStruct(clientUserUpdateFields)
export type ClientUserUpdate = typeof ClientUserUpdate.Type

/**
 * The service's schema rule on an administrator's restriction: a reason or private details only in a body that
 * sets `restricted_by_admin: true` (a body that leaves the flag out is refused too, whatever is stored).
 */
const restrictionConsistent = Schema.makeFilter(
  (user: {
    readonly restrictedByAdmin?: boolean
    readonly restrictedByAdminReason?: string | null
    readonly restrictedByAdminPrivateDetails?: string | null
  }) =>
    user.restrictedByAdmin === true ||
    (user.restrictedByAdminReason == null
      ? user.restrictedByAdminPrivateDetails == null ||
        "restricted_by_admin_private_details must be null when restricted_by_admin is not true"
      : "restricted_by_admin_reason must be null when restricted_by_admin is not true")
)

/** What server code may change about any user; `isAnonymous` only turns a guest into a normal user. */
export const ServerUserUpdate = wireStruct({
  ...clientUserUpdateFields,
  ...serverOnlyUserFields,
  // The service's words for a value outside its `oneOf([false])`.
  isAnonymous: Schema.optionalKey(
    Schema.Literal(false).annotate({ message: "must be one of the following values: false" })
  )
}).check(restrictionConsistent)
export type ServerUserUpdate = typeof ServerUserUpdate.Type

/** An OAuth account to attach when a server creates a user. */
export const ServerUserCreateOAuthProvider = wireStruct({
  id: Schema.String,
  accountId: Schema.String,
  email: Schema.NullOr(Schema.String)
})
export type ServerUserCreateOAuthProvider = typeof ServerUserCreateOAuthProvider.Type

// Like the hosted service, creation takes the server update fields except the selected team.
const { selectedTeamId: _selectedTeamId, ...createFields } = { ...clientUserUpdateFields, ...serverOnlyUserFields }

/** `POST /users` body (server tier). */
export const ServerUserCreate = wireStruct({
  ...createFields,
  oauthProviders: Schema.optionalKey(Schema.Array(ServerUserCreateOAuthProvider)),
  /** An anonymous user (a guest), as `POST /auth/anonymous/sign-up` makes. */
  isAnonymous: Schema.optionalKey(Schema.Boolean)
}).check(restrictionConsistent)
export type ServerUserCreate = typeof ServerUserCreate.Type
