/**
 * Native Sign in with Apple (`POST /auth/oauth/callback/apple/native`): an iOS or macOS app signs in with
 * Apple itself and hands over the identity token. The project must list the `apple` provider with at least
 * one app Bundle ID (`apple_bundle_ids`); the token must be signed by the issuer's keys, name that issuer and
 * name one of the Bundle IDs as its audience. The user is then found, merged by e-mail or created by the
 * OAuth callback's rules (`oauth-users.ts`) and gets a new session.
 *
 * The local backend has no internet: the issuer is the one the project's `apple` provider signs in through
 * (`PUT /api/v1/local-backend/oauth-providers/apple`), else Apple's own, which cannot be reached offline, so that
 * every token is then refused as the hosted service refuses one it cannot verify.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import {
  AppleBundleIdNotConfigured,
  InvalidAppleCredentials,
  OAuthProviderNotFoundOrNotEnabled
} from "@stackfx/lib/errors/known/oauth.js"
import { discover, knownIssuer, verifyIdToken } from "../protocol/index.js"
import { findProviderIssuer } from "../store/oauth-accounts.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { signInWithProviderAccount } from "./oauth-users.js"
import { createSession } from "../../operations/auth/sessions.js"

const APPLE = "apple"

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null)

/** The Bundle IDs of the project's `apple` provider; fails as the hosted route does when there are none. */
const appleBundleIds = (project: StoredProject) =>
  Effect.gen(function* () {
    const provider = project.config.oauthProviders.find((p) => p.id === APPLE)
    if (provider === undefined) return yield* Effect.fail(new OAuthProviderNotFoundOrNotEnabled({}))
    const bundleIds = (provider.appleBundleIds ?? []).filter((id) => id !== "")
    if (bundleIds.length === 0) return yield* Effect.fail(new AppleBundleIdNotConfigured({}))
    return bundleIds
  })

/** Verifies the identity token; any failure (unreachable issuer, bad signature, issuer, audience, expiry) is INVALID_APPLE_CREDENTIALS. */
const verifyAppleIdToken = (project: StoredProject, idToken: string, bundleIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const configured = yield* findProviderIssuer(project.id, APPLE)
    const issuer = configured ?? knownIssuer(APPLE) ?? ""
    const claims = yield* Effect.gen(function* () {
      const discovery = yield* discover(issuer)
      return yield* verifyIdToken(discovery, { idToken, clientId: bundleIds })
    }).pipe(
      Effect.provide(FetchHttpClient.layer),
      Effect.mapError(() => new InvalidAppleCredentials({}))
    )
    const sub = text(claims.sub)
    if (sub === null) return yield* Effect.fail(new InvalidAppleCredentials({}))
    const email = text(claims["email"])
    return {
      sub,
      email,
      emailVerified: email !== null && (claims["email_verified"] === true || claims["email_verified"] === "true")
    }
  })

/** Signs in with a native Sign in with Apple identity token: the user and a new session. */
export const signInWithAppleIdToken = (project: StoredProject, idToken: string) =>
  Effect.gen(function* () {
    const bundleIds = yield* appleBundleIds(project)
    const apple = yield* verifyAppleIdToken(project, idToken, bundleIds)
    const signedIn = yield* signInWithProviderAccount(project, {
      providerId: APPLE,
      accountId: apple.sub,
      email: apple.email,
      emailVerified: apple.emailVerified,
      displayName: null,
      profileImageUrl: null
    })
    const session = yield* createSession({ projectId: project.id, userId: signedIn.userId })
    return {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      userId: signedIn.userId,
      isNewUser: signedIn.isNewUser
    }
  })
