import * as AgentAuth from "./agent-auth.js"
import * as ApiKeys from "./api-keys.js"
import * as ContactChannels from "./contact-channels.js"
import * as ExternalAuth from "./external-auth.js"
import type { AnyKnownErrorClass } from "./factory.js"
import * as Misc from "./misc.js"
import * as Oauth from "./oauth.js"
import * as Passkey from "./passkey.js"
import * as Password from "./password.js"
import * as Permissions from "./permissions.js"
import * as ProjectAuthentication from "./project-authentication.js"
import * as Session from "./session.js"
import * as SignIn from "./sign-in.js"
import * as Teams from "./teams.js"
import * as Users from "./users.js"
import * as Verification from "./verification.js"

// Each category module exports only error classes, so its values are exactly its classes.
/** Every known-error class of the catalogue. */
export const knownErrorClasses = [
  ...Object.values(Misc),
  ...Object.values(ProjectAuthentication),
  ...Object.values(Session),
  ...Object.values(SignIn),
  ...Object.values(Password),
  ...Object.values(Verification),
  ...Object.values(ContactChannels),
  ...Object.values(Users),
  ...Object.values(Passkey),
  ...Object.values(Permissions),
  ...Object.values(Teams),
  ...Object.values(ApiKeys),
  ...Object.values(Oauth),
  ...Object.values(ExternalAuth),
  ...Object.values(AgentAuth)
]

/** Any known-error class. */
export type KnownErrorClassUnion = (typeof knownErrorClasses)[number]

/** Any known error (the union of every catalogue class). */
export type KnownError = InstanceType<KnownErrorClassUnion>

/** Every known wire code, e.g. `"USER_NOT_FOUND"`. */
export type KnownErrorCode = KnownError["code"]

/** Every known `_tag`, e.g. `"UserNotFound"`. */
export type KnownErrorTag = KnownError["_tag"]

/** The class of the known error with this code. */
export type KnownErrorClassFor<C extends KnownErrorCode> = Extract<KnownErrorClassUnion, { readonly code: C }>

/**
 * The catalogue keyed by wire code.
 *
 * @example
 * knownErrorByCode.USER_NOT_FOUND.status // 404
 * @internal
 */
export const knownErrorByCode: { readonly [C in KnownErrorCode]: KnownErrorClassFor<C> } =
  // fromEntries loses the per-key class; each entry is keyed by that very class's own code.
  Object.fromEntries(knownErrorClasses.map((c) => [c.code, c])) as {
    readonly [C in KnownErrorCode]: KnownErrorClassFor<C>
  }

const byCode: ReadonlyMap<string, AnyKnownErrorClass<KnownError>> = new Map(
  knownErrorClasses.map((c): [string, AnyKnownErrorClass<KnownError>] => [c.code, c])
)

/** The class for a wire code, or undefined when the code is not in the catalogue. @internal */
export const knownErrorClassForCode = (code: string): AnyKnownErrorClass<KnownError> | undefined => byCode.get(code)

/** True for any catalogue error. */
export { isKnownError } from "./type-id.js"
