/**
 * Fixtures: the state a test starts from, made through the project's own server tier (the same calls an
 * app's server makes) instead of walking a UI: users (verified or not, with a password, TOTP, a passkey,
 * anonymous, restricted), teams with members and permissions, invitations and API keys. A fixture for something the
 * project turned off is refused with a message saying which option to change.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  Auth,
  type ClientServices,
  Passkeys,
  type ServerServices,
  ServerApiKeys,
  ServerSessions,
  ServerTeamPermissions,
  ServerTeams,
  type ServerUserCreate,
  Session,
  TeamInvitations,
  WebAuthn,
  type WebAuthnBrowser
} from "stackfx"
import { newTotpSecret, totpCodeAt, totpSecretToBase64, type TotpSecret } from "../totp.js"
import { SoftAuthenticator } from "./soft-authenticator.js"
import type { EmailLink, MailTimeout, MailWithoutLink } from "./mailbox.js"
import type { StackTestOptions } from "./project.js"

/** A fixture asked for something the project turned off (the message names the option). */
export class FixtureRefused extends Schema.TaggedError<FixtureRefused>()("FixtureRefused", {
  fixture: Schema.String,
  message: Schema.String
}) {}

/** The backend refused a fixture's call; `cause` is the library's typed error. */
export class FixtureFailed extends Schema.TaggedError<FixtureFailed>()("FixtureFailed", {
  fixture: Schema.String,
  message: Schema.String,
  cause: Schema.Defect()
}) {}

/** What a fixture can fail with. */
export type FixtureError = FixtureRefused | FixtureFailed

/** A user to create; every field has a default (a unique address, verified, with a password). */
export interface NewTestUser {
  /** Default: a unique `user-…@example.test`. */
  readonly email?: string | undefined
  /** Default "test-password-1"; `null` for a user without one (needs nothing of the project). */
  readonly password?: string | null | undefined
  /** Default true. */
  readonly emailVerified?: boolean | undefined
  readonly displayName?: string | undefined
  /** Turn TOTP (MFA) on with a fresh secret; `totpCode()` gives the current code. */
  readonly totp?: boolean | undefined
  /** Register a passkey (needs `passkeyEnabled: true`); `user.passkey` holds it, `signInWithPasskey` uses it. */
  readonly passkey?: boolean | undefined
  /** Restricted by an administrator (with this reason), so only `includeRestricted` reads see it. */
  readonly restricted?: boolean | undefined
  readonly clientMetadata?: unknown
  readonly serverMetadata?: unknown
}

/** A created user, signed in once: the tokens are a fresh session of theirs. */
export interface TestUser {
  readonly id: string
  readonly email: string | null
  readonly password: string | null
  readonly accessToken: string
  readonly refreshToken: string
  readonly isAnonymous: boolean
  /** The current TOTP code by the backend's clock for the project (the test's clock); undefined without TOTP. */
  readonly totpCode: (() => string) | undefined
  /** The user's registered passkey; undefined unless created with `passkey: true`. */
  readonly passkey: TestPasskey | undefined
}

/** A passkey registered by the fixture, held by a software authenticator on a page at `origin`. */
export interface TestPasskey {
  readonly credentialId: string
  /** The page the passkey was registered on (a localhost origin the project trusts). */
  readonly origin: string
  readonly authenticator: SoftAuthenticator
  /** The page's WebAuthn holding the passkey: `Effect.provideService(WebAuthn, passkey.webAuthn)` for an app's own flow. */
  readonly webAuthn: WebAuthnBrowser
}

/** A team to create; its creator (if any) gets the creator permissions, members the member ones. */
export interface NewTestTeam {
  readonly displayName?: string | undefined
  readonly creator?: TestUser | undefined
  readonly members?: ReadonlyArray<TestUser> | undefined
  /** Permissions granted on top, per user id: `{ [user.id]: ["team_admin"] }`. */
  readonly permissions?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
}

export interface TestTeam {
  readonly id: string
  readonly displayName: string
}

/** A user or team API key; `secret` is the full key, shown this once. */
export interface TestApiKey {
  readonly id: string
  readonly secret: string
}

let counter = 0
/** A unique e-mail address for this run (`prefix-…@example.test`). */
export const uniqueEmail = (prefix = "user"): string =>
  `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}@example.test`

const DEFAULT_PASSWORD = "test-password-1"

/** What fixtures need of the test's project. */
export interface FixtureContext {
  readonly options: StackTestOptions
  readonly server: Context.Context<ServerServices>
  /** A client tier signed in with `tokens` (a visitor without), built on demand. */
  readonly clientContext: <A, E>(
    tokens: { readonly accessToken: string; readonly refreshToken: string } | undefined,
    use: (context: Context.Context<ClientServices>) => Effect.Effect<A, E>
  ) => Effect.Effect<A, E | FixtureFailed>
  /**
   * A user as `POST /users` makes them and a fresh session of theirs, in one call to the kit's backend (the
   * same operations as the two requests; fails with the backend's refusal).
   */
  readonly createUserWithSession: (
    user: ServerUserCreate
  ) => Effect.Effect<
    { readonly userId: string; readonly accessToken: string; readonly refreshToken: string },
    FixtureFailed
  >
  /** The project's time (the test's clock). */
  readonly now: () => number
  readonly invitationLink: (email: string) => Effect.Effect<EmailLink, MailTimeout | MailWithoutLink>
}

const failed =
  (fixture: string) =>
  (cause: unknown): FixtureFailed =>
    new FixtureFailed({
      fixture,
      message: `${fixture}: the backend refused it (${cause instanceof Error ? cause.message : String(cause)})`,
      cause
    })

/** A fixture's calls all succeeded yet left something missing (a bug of the kit or the backend, said plainly). */
const brokenFixture = (fixture: string, what: string): FixtureFailed =>
  new FixtureFailed({ fixture, message: `${fixture}: ${what}`, cause: undefined })

const onServer = <A, E>(
  context: FixtureContext,
  fixture: string,
  effect: Effect.Effect<A, E, ServerServices>
): Effect.Effect<A, FixtureFailed> =>
  effect.pipe(Effect.provideContext(context.server), Effect.mapError(failed(fixture)))

const refuse = (fixture: string, message: string) => Effect.fail(new FixtureRefused({ fixture, message }))

/** The page passkeys are registered on: a localhost the project trusts (its `allowLocalhost`). */
export const PASSKEY_ORIGIN = "http://localhost:3000"

const passkeyRefusal = (options: StackTestOptions): string | undefined =>
  options.passkeyEnabled !== true
    ? `the project turned passkey sign-in off (passkeyEnabled is not true): set passkeyEnabled: true in the project options`
    : options.allowLocalhost === false
      ? `the project does not trust localhost (allowLocalhost: false), the page the kit's passkeys are registered on`
      : undefined

/** Creates a user as `POST /users` does and a session of theirs as `POST /auth/sessions` does, in one call. */
export const createUser = (context: FixtureContext, input: NewTestUser = {}): Effect.Effect<TestUser, FixtureError> =>
  Effect.gen(function* () {
    const password = input.password === undefined ? DEFAULT_PASSWORD : input.password
    if (password !== null && context.options.credentialEnabled === false)
      return yield* refuse(
        "createUser",
        "the project turned password sign-in off (credentialEnabled: false): create the user with password: null, or enable it in the project options"
      )
    const passkeyRefused = input.passkey === true ? passkeyRefusal(context.options) : undefined
    if (passkeyRefused !== undefined) return yield* refuse("createUser", passkeyRefused)
    const email = input.email ?? uniqueEmail()
    const secret: TotpSecret | undefined = input.totp === true ? yield* newTotpSecret : undefined
    const session = yield* context.createUserWithSession({
      primaryEmail: email,
      primaryEmailVerified: input.emailVerified ?? true,
      primaryEmailAuthEnabled: true,
      ...(password === null ? {} : { password }),
      ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
      ...(secret === undefined ? {} : { totpSecretBase64: totpSecretToBase64(secret) }),
      ...(input.restricted === true
        ? { restrictedByAdmin: true, restrictedByAdminReason: "Restricted by a test fixture" }
        : {}),
      ...(input.clientMetadata === undefined ? {} : { clientMetadata: input.clientMetadata as never }),
      ...(input.serverMetadata === undefined ? {} : { serverMetadata: input.serverMetadata as never })
    })
    const tokens = { accessToken: session.accessToken, refreshToken: session.refreshToken }
    const passkey = input.passkey === true ? yield* registerPasskey(context, tokens) : undefined
    return {
      id: session.userId,
      email,
      password,
      ...tokens,
      isAnonymous: false,
      totpCode: secret === undefined ? undefined : () => totpCodeAt(secret, context.now()),
      passkey
    }
  })

/** Registers a passkey for the signed-in user through the client tier, as the app's settings page does. */
const registerPasskey = (
  context: FixtureContext,
  tokens: { readonly accessToken: string; readonly refreshToken: string }
): Effect.Effect<TestPasskey, FixtureFailed> => {
  const authenticator = new SoftAuthenticator()
  const webAuthn = authenticator.webAuthn(PASSKEY_ORIGIN)
  return context.clientContext(tokens, (client) =>
    Passkeys.use((passkeys) => passkeys.register).pipe(
      Effect.provideContext(client),
      Effect.provideService(WebAuthn, webAuthn),
      Effect.mapError(failed("createUser (passkey)")),
      Effect.flatMap(() => {
        const credentialId = authenticator.credentialIds()[0]
        return credentialId === undefined
          ? Effect.fail(
              brokenFixture("createUser (passkey)", "the registration never asked the authenticator for a passkey")
            )
          : Effect.succeed<TestPasskey>({ credentialId, origin: PASSKEY_ORIGIN, authenticator, webAuthn })
      })
    )
  )
}

/**
 * Signs `user` in with their passkey as a visitor's page does (`Passkeys.signIn`): the user with the fresh
 * session's tokens. Refused for a user created without `passkey: true`.
 */
export const signInWithPasskey = (context: FixtureContext, user: TestUser): Effect.Effect<TestUser, FixtureError> => {
  const passkey = user.passkey
  if (passkey === undefined)
    return refuse(
      "signInWithPasskey",
      `the user ${user.email ?? user.id} has no passkey: create them with passkey: true`
    )
  const refused = passkeyRefusal(context.options)
  if (refused !== undefined) return refuse("signInWithPasskey", refused)
  return context.clientContext(undefined, (client) =>
    Effect.gen(function* () {
      yield* Passkeys.use((passkeys) => passkeys.signIn)
      return yield* Session.use((session) => session.getTokens())
    }).pipe(
      Effect.provideContext(client),
      Effect.provideService(WebAuthn, passkey.webAuthn),
      Effect.mapError(failed("signInWithPasskey")),
      Effect.flatMap(({ accessToken, refreshToken }) =>
        accessToken === null || refreshToken === null
          ? Effect.fail(brokenFixture("signInWithPasskey", "the passkey sign-in left the client without a session"))
          : Effect.succeed({ ...user, accessToken, refreshToken })
      )
    )
  )
}

/** An anonymous user, signed up as a visitor's client does (`POST /auth/anonymous/sign-up`). */
export const createAnonymousUser = (context: FixtureContext): Effect.Effect<TestUser, FixtureError> =>
  context.clientContext(undefined, (client) =>
    Effect.gen(function* () {
      const signedIn = yield* Auth.use((auth) => auth.signUpAnonymously).pipe(
        Effect.provideContext(client),
        Effect.mapError(failed("createAnonymousUser"))
      )
      const session = yield* onServer(
        context,
        "createAnonymousUser",
        ServerSessions.use((sessions) => sessions.create({ userId: signedIn.userId }))
      )
      return {
        id: signedIn.userId,
        email: null,
        password: null,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        isAnonymous: true,
        totpCode: undefined,
        passkey: undefined
      }
    })
  )

/** A team with its creator, members and extra permissions. */
export const createTeam = (context: FixtureContext, input: NewTestTeam = {}): Effect.Effect<TestTeam, FixtureError> =>
  Effect.gen(function* () {
    const displayName = input.displayName ?? "Test team"
    const team = yield* onServer(
      context,
      "createTeam",
      ServerTeams.use((teams) =>
        teams.create({
          displayName,
          ...(input.creator === undefined ? {} : { creatorUserId: input.creator.id })
        })
      )
    )
    for (const member of input.members ?? []) {
      if (member.id === input.creator?.id) continue
      yield* onServer(
        context,
        "createTeam",
        ServerTeams.use((teams) => teams.addMember(team.id, member.id))
      )
    }
    for (const [userId, permissionIds] of Object.entries(input.permissions ?? {})) {
      for (const permissionId of permissionIds) {
        yield* onServer(
          context,
          "createTeam",
          ServerTeamPermissions.use((permissions) => permissions.grant(team.id, userId, permissionId))
        )
      }
    }
    return { id: team.id, displayName }
  })

/** The callback page invitation links point at (the default handler's, on a localhost the project trusts). */
export const INVITATION_CALLBACK_URL = "http://localhost:3000/handler/team-invitation"

/** Sends an invitation from `inviter` (a member allowed to invite) and answers its link from the mailbox. */
export const invite = (
  context: FixtureContext,
  input: { readonly team: TestTeam; readonly inviter: TestUser; readonly email: string }
): Effect.Effect<EmailLink, FixtureError | MailTimeout | MailWithoutLink> =>
  Effect.gen(function* () {
    if (context.options.allowLocalhost === false)
      return yield* refuse(
        "invite",
        "the project does not trust localhost (allowLocalhost: false), where the kit's invitation links point"
      )
    yield* context.clientContext(input.inviter, (client) =>
      TeamInvitations.use((invitations) =>
        invitations.send({ teamId: input.team.id, email: input.email, callbackUrl: INVITATION_CALLBACK_URL })
      ).pipe(Effect.provideContext(client), Effect.mapError(failed("invite")))
    )
    return yield* context.invitationLink(input.email)
  })

/** An API key of a user (needs `allowUserApiKeys`) or of a team (needs `allowTeamApiKeys`). */
export const createApiKey = (
  context: FixtureContext,
  input:
    | { readonly user: TestUser; readonly description?: string | undefined }
    | { readonly team: TestTeam; readonly description?: string | undefined }
): Effect.Effect<TestApiKey, FixtureError> =>
  Effect.gen(function* () {
    const description = input.description ?? "Test key"
    if ("user" in input) {
      if (context.options.allowUserApiKeys !== true)
        return yield* refuse("createApiKey", "the project does not allow user API keys (set allowUserApiKeys: true)")
      const created = yield* onServer(
        context,
        "createApiKey",
        ServerApiKeys.use((keys) => keys.createUserKey(input.user.id, { description, expiresAt: null }))
      )
      return { id: created.id, secret: created.value }
    }
    if (context.options.allowTeamApiKeys !== true)
      return yield* refuse("createApiKey", "the project does not allow team API keys (set allowTeamApiKeys: true)")
    const created = yield* onServer(
      context,
      "createApiKey",
      ServerApiKeys.use((keys) => keys.createTeamKey(input.team.id, { description, expiresAt: null }))
    )
    return { id: created.id, secret: created.value }
  })
