import type { KnownError, KnownErrorTag } from "./known/registry.js"

/*
 * Categories are never sent on the wire; catching one catches its members, including nested
 * categories' members. Each has a tag tuple for `Effect.catchTag(XTags, f)` (the effect's error
 * type must then contain every tag of the tuple; otherwise use `Effect.catchIf(isX, f)`), a union
 * type, and a type guard.
 */

type NonEmptyTags = readonly [KnownErrorTag, ...Array<KnownErrorTag>]
type Members<T extends NonEmptyTags> = Extract<KnownError, { readonly _tag: T[number] }>

type TagLists = ReadonlyArray<ReadonlyArray<KnownErrorTag>>
type Joined<T extends TagLists> = T extends readonly [
  infer H extends ReadonlyArray<KnownErrorTag>,
  ...infer R extends TagLists
]
  ? readonly [...H, ...Joined<R>]
  : readonly []

/**
 * `[...a, ...b]` as a call: bundlers count an array spread as a possible side effect and keep every list,
 * while a pure call they may drop, so a program that tests one category does not ship them all.
 */
const joined = <const T extends TagLists>(...lists: T): Joined<T> =>
  // flat() keeps the order and the members; TS cannot follow it through the tuple type.
  lists.flat() as ReadonlyArray<KnownErrorTag> as Joined<T>

const guard = <const T extends NonEmptyTags>(tags: T) => {
  const set: ReadonlySet<string> = new Set(tags)
  return (u: unknown): u is Members<T> =>
    typeof u === "object" && u !== null && "_tag" in u && typeof u._tag === "string" && set.has(u._tag)
}

/**
 * The tags of the InvalidAdminAccessToken category (`INVALID_ADMIN_ACCESS_TOKEN`) and its nested categories, for
 * `Effect.catchTag(InvalidAdminAccessTokenTags, f)`.
 */
export const InvalidAdminAccessTokenTags = [
  "UnparsableAdminAccessToken",
  "AdminAccessTokenExpired",
  "InvalidProjectForAdminAccessToken",
  "AdminAccessTokenIsNotAdmin"
] as const satisfies NonEmptyTags
/** A known error of the InvalidAdminAccessToken category. */
export type InvalidAdminAccessToken = Members<typeof InvalidAdminAccessTokenTags>
/** True for a known error of the InvalidAdminAccessToken category: `Effect.catchIf(isInvalidAdminAccessToken, f)`. */
export const isInvalidAdminAccessToken = /*#__PURE__*/ guard(InvalidAdminAccessTokenTags)

/**
 * The tags of the InvalidProjectAuthentication category (`INVALID_PROJECT_AUTHENTICATION`) and its nested categories, for
 * `Effect.catchTag(InvalidProjectAuthenticationTags, f)`.
 */
export const InvalidProjectAuthenticationTags = /*#__PURE__*/ joined(
  [
    "ProjectKeyWithoutAccessType",
    "InvalidAccessType",
    "AccessTypeWithoutProjectId",
    "AccessTypeRequired",
    "InsufficientAccessType",
    "InvalidPublishableClientKey",
    "InvalidSecretServerKey",
    "InvalidSuperSecretAdminKey"
  ],
  InvalidAdminAccessTokenTags
) satisfies NonEmptyTags
/** A known error of the InvalidProjectAuthentication category. */
export type InvalidProjectAuthentication = Members<typeof InvalidProjectAuthenticationTags>
/** True for a known error of the InvalidProjectAuthentication category: `Effect.catchIf(isInvalidProjectAuthentication, f)`. */
export const isInvalidProjectAuthentication = /*#__PURE__*/ guard(InvalidProjectAuthenticationTags)

/**
 * The tags of the ProjectAuthenticationRequired category (`PROJECT_AUTHENTICATION_REQUIRED`) and its nested categories, for
 * `Effect.catchTag(ProjectAuthenticationRequiredTags, f)`.
 */
export const ProjectAuthenticationRequiredTags = [
  "ClientAuthenticationRequired",
  "PublishableClientKeyRequiredForProject",
  "ServerAuthenticationRequired",
  "ClientOrServerAuthenticationRequired",
  "ClientOrAdminAuthenticationRequired",
  "ClientOrServerOrAdminAuthenticationRequired",
  "AdminAuthenticationRequired"
] as const satisfies NonEmptyTags
/** A known error of the ProjectAuthenticationRequired category. */
export type ProjectAuthenticationRequired = Members<typeof ProjectAuthenticationRequiredTags>
/** True for a known error of the ProjectAuthenticationRequired category: `Effect.catchIf(isProjectAuthenticationRequired, f)`. */
export const isProjectAuthenticationRequired = /*#__PURE__*/ guard(ProjectAuthenticationRequiredTags)

/**
 * The tags of the ProjectAuthenticationError category (`PROJECT_AUTHENTICATION_ERROR`) and its nested categories, for
 * `Effect.catchTag(ProjectAuthenticationErrorTags, f)`.
 */
export const ProjectAuthenticationErrorTags = /*#__PURE__*/ joined(
  InvalidProjectAuthenticationTags,
  ProjectAuthenticationRequiredTags,
  ["ExpectedInternalProject"]
) satisfies NonEmptyTags
/** A known error of the ProjectAuthenticationError category. */
export type ProjectAuthenticationError = Members<typeof ProjectAuthenticationErrorTags>
/** True for a known error of the ProjectAuthenticationError category: `Effect.catchIf(isProjectAuthenticationError, f)`. */
export const isProjectAuthenticationError = /*#__PURE__*/ guard(ProjectAuthenticationErrorTags)

/**
 * The tags of the InvalidAccessToken category (`INVALID_ACCESS_TOKEN`) and its nested categories, for
 * `Effect.catchTag(InvalidAccessTokenTags, f)`.
 */
export const InvalidAccessTokenTags = [
  "UnparsableAccessToken",
  "AccessTokenExpired",
  "InvalidProjectForAccessToken"
] as const satisfies NonEmptyTags
/** A known error of the InvalidAccessToken category. */
export type InvalidAccessToken = Members<typeof InvalidAccessTokenTags>
/** True for a known error of the InvalidAccessToken category: `Effect.catchIf(isInvalidAccessToken, f)`. */
export const isInvalidAccessToken = /*#__PURE__*/ guard(InvalidAccessTokenTags)

/**
 * The tags of the InvalidSessionAuthentication category (`INVALID_SESSION_AUTHENTICATION`) and its nested categories, for
 * `Effect.catchTag(InvalidSessionAuthenticationTags, f)`.
 */
export const InvalidSessionAuthenticationTags = /*#__PURE__*/ joined(InvalidAccessTokenTags) satisfies NonEmptyTags
/** A known error of the InvalidSessionAuthentication category. */
export type InvalidSessionAuthentication = Members<typeof InvalidSessionAuthenticationTags>
/** True for a known error of the InvalidSessionAuthentication category: `Effect.catchIf(isInvalidSessionAuthentication, f)`. */
export const isInvalidSessionAuthentication = /*#__PURE__*/ guard(InvalidSessionAuthenticationTags)

/**
 * The tags of the SessionAuthenticationError category (`SESSION_AUTHENTICATION_ERROR`) and its nested categories, for
 * `Effect.catchTag(SessionAuthenticationErrorTags, f)`.
 */
export const SessionAuthenticationErrorTags = /*#__PURE__*/ joined(
  InvalidSessionAuthenticationTags
) satisfies NonEmptyTags
/** A known error of the SessionAuthenticationError category. */
export type SessionAuthenticationError = Members<typeof SessionAuthenticationErrorTags>
/** True for a known error of the SessionAuthenticationError category: `Effect.catchIf(isSessionAuthenticationError, f)`. */
export const isSessionAuthenticationError = /*#__PURE__*/ guard(SessionAuthenticationErrorTags)

/**
 * The tags of the RefreshTokenError category (`REFRESH_TOKEN_ERROR`) and its nested categories, for
 * `Effect.catchTag(RefreshTokenErrorTags, f)`.
 */
export const RefreshTokenErrorTags = [
  "CannotDeleteCurrentSession",
  "ProviderRejected",
  "RefreshTokenNotFoundOrExpired"
] as const satisfies NonEmptyTags
/** A known error of the RefreshTokenError category. */
export type RefreshTokenError = Members<typeof RefreshTokenErrorTags>
/** True for a known error of the RefreshTokenError category: `Effect.catchIf(isRefreshTokenError, f)`. */
export const isRefreshTokenError = /*#__PURE__*/ guard(RefreshTokenErrorTags)

/**
 * The tags of the PasswordRequirementsNotMet category (`PASSWORD_REQUIREMENTS_NOT_MET`) and its nested categories, for
 * `Effect.catchTag(PasswordRequirementsNotMetTags, f)`.
 */
export const PasswordRequirementsNotMetTags = ["PasswordTooShort", "PasswordTooLong"] as const satisfies NonEmptyTags
/** A known error of the PasswordRequirementsNotMet category. */
export type PasswordRequirementsNotMet = Members<typeof PasswordRequirementsNotMetTags>
/** True for a known error of the PasswordRequirementsNotMet category: `Effect.catchIf(isPasswordRequirementsNotMet, f)`. */
export const isPasswordRequirementsNotMet = /*#__PURE__*/ guard(PasswordRequirementsNotMetTags)

/**
 * The tags of the VerificationError category (`VERIFICATION_ERROR`) and its nested categories, for
 * `Effect.catchTag(VerificationErrorTags, f)`.
 */
export const VerificationErrorTags = [
  "VerificationCodeNotFound",
  "VerificationCodeExpired",
  "VerificationCodeAlreadyUsed",
  "VerificationCodeMaxAttemptsReached"
] as const satisfies NonEmptyTags
/** A known error of the VerificationError category. */
export type VerificationError = Members<typeof VerificationErrorTags>
/** True for a known error of the VerificationError category: `Effect.catchIf(isVerificationError, f)`. */
export const isVerificationError = /*#__PURE__*/ guard(VerificationErrorTags)

/**
 * The tags of the ApiKeyNotValid category (`API_KEY_NOT_VALID`) and its nested categories, for
 * `Effect.catchTag(ApiKeyNotValidTags, f)`.
 */
export const ApiKeyNotValidTags = [
  "ApiKeyNotFound",
  "PublicApiKeyCannotBeRevoked",
  "ApiKeyExpired",
  "ApiKeyRevoked",
  "WrongApiKeyType"
] as const satisfies NonEmptyTags
/** A known error of the ApiKeyNotValid category. */
export type ApiKeyNotValid = Members<typeof ApiKeyNotValidTags>
/** True for a known error of the ApiKeyNotValid category: `Effect.catchIf(isApiKeyNotValid, f)`. */
export const isApiKeyNotValid = /*#__PURE__*/ guard(ApiKeyNotValidTags)

/** Every category by its wire name, for tables and tests. */
export const knownErrorCategories = {
  PROJECT_AUTHENTICATION_ERROR: ProjectAuthenticationErrorTags,
  INVALID_PROJECT_AUTHENTICATION: InvalidProjectAuthenticationTags,
  INVALID_ADMIN_ACCESS_TOKEN: InvalidAdminAccessTokenTags,
  PROJECT_AUTHENTICATION_REQUIRED: ProjectAuthenticationRequiredTags,
  SESSION_AUTHENTICATION_ERROR: SessionAuthenticationErrorTags,
  INVALID_SESSION_AUTHENTICATION: InvalidSessionAuthenticationTags,
  INVALID_ACCESS_TOKEN: InvalidAccessTokenTags,
  REFRESH_TOKEN_ERROR: RefreshTokenErrorTags,
  PASSWORD_REQUIREMENTS_NOT_MET: PasswordRequirementsNotMetTags,
  VERIFICATION_ERROR: VerificationErrorTags,
  API_KEY_NOT_VALID: ApiKeyNotValidTags
} as const
