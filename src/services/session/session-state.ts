/**
 * The session's state (session.ts): the tokens it holds or none, what a pair of stored tokens stands for, the
 * cell its readers subscribe to, and the checks made on tokens before they are kept.
 */
import { UNDEFINED_TOKEN_STRING } from "../../domain/rules/access-tokens.js"
import { InvalidTokenString } from "../../errors/client/session.js"
import * as Effect from "effect/Effect"
import { noTokens, type StoredTokens } from "./token-store.js"

/**
 * `Active` covers "logged in" (a refresh token is present), "access token valid" and
 * "access token expired" (decided against the clock by `getAccessToken`); `KnownInvalid` is reached by
 * sign-out, a rejected refresh, or having no tokens at all.
 */
export type SessionState =
  | {
      readonly _tag: "Active"
      readonly accessToken: string | null
      readonly refreshToken: string | null
      /** Set when the server rejected the access token, whatever its `exp` says. */
      readonly accessTokenExpired: boolean
    }
  | { readonly _tag: "KnownInvalid" }

/** The session state of nobody signed in (no tokens, or tokens the server refused). */
export const knownInvalid: SessionState = { _tag: "KnownInvalid" }

/** The state a pair of tokens stands for: both missing means known invalid. */
export const sessionFromTokens = (tokens: StoredTokens): SessionState =>
  tokens.accessToken === null && tokens.refreshToken === null
    ? knownInvalid
    : { _tag: "Active", accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessTokenExpired: false }

/** The tokens a session state holds: none for a known-invalid session. */
export const tokensOf = (state: SessionState): StoredTokens =>
  state._tag === "KnownInvalid" ? noTokens : { accessToken: state.accessToken, refreshToken: state.refreshToken }

/** "Logged in" in the product's sense: a refresh token is present. */
export const isLoggedIn = (state: SessionState): boolean => state._tag === "Active" && state.refreshToken !== null

/** A value with change listeners: the session's state. */
export const makeStateCell = (initial: SessionState) => {
  let value = initial
  const listeners = new Set<(state: SessionState) => void>()
  return {
    get: (): SessionState => value,
    set: (next: SessionState): void => {
      if (next === value) return
      value = next
      for (const listener of [...listeners]) listener(next)
    },
    subscribe: (listener: (state: SessionState) => void): (() => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}

/** Either token is the text "undefined": a missing value was stringified somewhere. */
export const holdsUndefinedToken = (tokens: StoredTokens): boolean =>
  tokens.accessToken === UNDEFINED_TOKEN_STRING || tokens.refreshToken === UNDEFINED_TOKEN_STRING

export const checkTokens = (tokens: StoredTokens): Effect.Effect<void, InvalidTokenString> =>
  holdsUndefinedToken(tokens) ? Effect.fail(new InvalidTokenString({})) : Effect.void

export const sameTokens = (a: StoredTokens, b: StoredTokens): boolean =>
  a.accessToken === b.accessToken && a.refreshToken === b.refreshToken

/** `sameTokens(stored, tokensOf(state))` without building the pair. */
export const holds = (state: SessionState, stored: StoredTokens): boolean =>
  state._tag === "KnownInvalid"
    ? stored.accessToken === null && stored.refreshToken === null
    : state.accessToken === stored.accessToken && state.refreshToken === stored.refreshToken
