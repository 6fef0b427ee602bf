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
type Joined<T extends TagLists> = T extends readonly [infer H extends ReadonlyArray<KnownErrorTag>, ...infer R extends TagLists]
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

export const InvalidAdminAccessTokenTags = [
  "UnparsableAdminAccessToken",
  "AdminAccessTokenExpired",
  "InvalidProjectForAdminAccessToken",
  "AdminAccessTokenIsNotAdmin"
] as const satisfies NonEmptyTags
export type InvalidAdminAccessToken = Members<typeof InvalidAdminAccessTokenTags>
export const isInvalidAdminAccessToken = /*#__PURE__*/ guard(InvalidAdminAccessTokenTags)

export const InvalidProjectAuthenticationTags = /*#__PURE__*/ joined([
  "ProjectKeyWithoutAccessType",
  "InvalidAccessType",
  "AccessTypeWithoutProjectId",
  "AccessTypeRequired",
  "InsufficientAccessType",
  "InvalidPublishableClientKey",
  "InvalidSecretServerKey",
  "InvalidSuperSecretAdminKey"
], InvalidAdminAccessTokenTags) satisfies NonEmptyTags
export type InvalidProjectAuthentication = Members<typeof InvalidProjectAuthenticationTags>
export const isInvalidProjectAuthentication = /*#__PURE__*/ guard(InvalidProjectAuthenticationTags)

export const ProjectAuthenticationRequiredTags = [
  "ClientAuthenticationRequired",
  "PublishableClientKeyRequiredForProject",
  "ServerAuthenticationRequired",
  "ClientOrServerAuthenticationRequired",
  "ClientOrAdminAuthenticationRequired",
  "ClientOrServerOrAdminAuthenticationRequired",
  "AdminAuthenticationRequired"
] as const satisfies NonEmptyTags
export type ProjectAuthenticationRequired = Members<typeof ProjectAuthenticationRequiredTags>
export const isProjectAuthenticationRequired = /*#__PURE__*/ guard(ProjectAuthenticationRequiredTags)

export const ProjectAuthenticationErrorTags = /*#__PURE__*/ joined(
  InvalidProjectAuthenticationTags,
  ProjectAuthenticationRequiredTags,
  ["ExpectedInternalProject"]
) satisfies NonEmptyTags
export type ProjectAuthenticationError = Members<typeof ProjectAuthenticationErrorTags>
export const isProjectAuthenticationError = /*#__PURE__*/ guard(ProjectAuthenticationErrorTags)

export const InvalidAccessTokenTags = [
  "UnparsableAccessToken",
  "AccessTokenExpired",
  "InvalidProjectForAccessToken"
] as const satisfies NonEmptyTags
export type InvalidAccessToken = Members<typeof InvalidAccessTokenTags>
export const isInvalidAccessToken = /*#__PURE__*/ guard(InvalidAccessTokenTags)

export const InvalidSessionAuthenticationTags = /*#__PURE__*/ joined(InvalidAccessTokenTags) satisfies NonEmptyTags
export type InvalidSessionAuthentication = Members<typeof InvalidSessionAuthenticationTags>
export const isInvalidSessionAuthentication = /*#__PURE__*/ guard(InvalidSessionAuthenticationTags)

export const SessionAuthenticationErrorTags = /*#__PURE__*/ joined(InvalidSessionAuthenticationTags) satisfies NonEmptyTags
export type SessionAuthenticationError = Members<typeof SessionAuthenticationErrorTags>
export const isSessionAuthenticationError = /*#__PURE__*/ guard(SessionAuthenticationErrorTags)

export const RefreshTokenErrorTags = [
  "CannotDeleteCurrentSession",
  "ProviderRejected",
  "RefreshTokenNotFoundOrExpired"
] as const satisfies NonEmptyTags
export type RefreshTokenError = Members<typeof RefreshTokenErrorTags>
export const isRefreshTokenError = /*#__PURE__*/ guard(RefreshTokenErrorTags)

export const PasswordRequirementsNotMetTags = ["PasswordTooShort", "PasswordTooLong"] as const satisfies NonEmptyTags
export type PasswordRequirementsNotMet = Members<typeof PasswordRequirementsNotMetTags>
export const isPasswordRequirementsNotMet = /*#__PURE__*/ guard(PasswordRequirementsNotMetTags)

export const VerificationErrorTags = [
  "VerificationCodeNotFound",
  "VerificationCodeExpired",
  "VerificationCodeAlreadyUsed",
  "VerificationCodeMaxAttemptsReached"
] as const satisfies NonEmptyTags
export type VerificationError = Members<typeof VerificationErrorTags>
export const isVerificationError = /*#__PURE__*/ guard(VerificationErrorTags)

export const ApiKeyNotValidTags = [
  "ApiKeyNotFound",
  "PublicApiKeyCannotBeRevoked",
  "ApiKeyExpired",
  "ApiKeyRevoked",
  "WrongApiKeyType"
] as const satisfies NonEmptyTags
export type ApiKeyNotValid = Members<typeof ApiKeyNotValidTags>
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
