/**
 * Which signed-in users a call accepts. The hosted service refuses the access token of an anonymous user
 * (`ANONYMOUS_AUTHENTICATION_NOT_ALLOWED`, 401) unless the request sends `X-Stack-Allow-Anonymous-User:
 * true`, and that of a restricted user (`RESTRICTED_USER_NOT_ALLOWED`, 403: an unverified e-mail where the
 * project requires one, or an administrator's restriction) unless it sends `X-Stack-Allow-Restricted-User:
 * true` or the anonymous header, which allows both. A tier sets the default (`allowAnonymousUser`,
 * `allowRestrictedUser`); {@link allowingRestrictedUsers} and {@link allowingAnonymousUsers} widen it for
 * the calls of one effect, e.g. the verification e-mail a restricted user asks for.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"

/** `"unrestricted"` (no allow header), `"restricted"` (restricted users too) or `"anonymous"` (everybody). */
export type AllowedUsers = "unrestricted" | "restricted" | "anonymous"

/** The users the calls of an effect accept beyond the tier's default; read by the transport per request. */
export const AllowedUsers = /* @__PURE__ */ Context.Reference<AllowedUsers>("stackfx/AllowedUsers", {
  defaultValue: () => "unrestricted"
})

/**
 * The calls of `self` accept a restricted user's session: `contactChannels.sendVerificationCode(...).pipe(allowingRestrictedUsers)`.
 * In the client tier this sends `X-Stack-Allow-Anonymous-User` (the only allow header on the hosted
 * service's CORS allow-list), so an anonymous session is accepted too.
 */
export const allowingRestrictedUsers = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(self, AllowedUsers, "restricted")

/** The calls of `self` accept an anonymous (and a restricted) user's session. */
export const allowingAnonymousUsers = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(self, AllowedUsers, "anonymous")
