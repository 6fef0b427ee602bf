/**
 * The life of an account, step by step: a guest (anonymous user) who signs up and keeps their data, a user
 * who must verify their e-mail before they count as signed in, a user signed in on two devices who ends the
 * other session, an invitation accepted from the list of received ones, and the providers linked to an
 * account. Each step states what it expects and the example exits non-zero when something is not so.
 *
 *   npx stackfx dev             # starts the local backend on http://127.0.0.1:8102
 *   npm run example:accounts    # STACK_* variables override the local defaults
 *
 * It turns on the demo project's "require a verified e-mail" setting for its second step and puts it back.
 * Each step is a name and an effect over the admin tier, run in order by `program` at the end.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  ActiveSessions,
  AdminAuthErrorTags,
  AdminProjects,
  adminTierFromEnv,
  allowingAnonymousUsers,
  Auth,
  clientTierFromEnv,
  CurrentUser,
  OAuthProviders,
  ProjectConfig,
  ServerOAuthProviders,
  ServerSessions,
  ServerUsers,
  TeamInvitations,
  Teams,
  VerificationErrorTags
} from "stackfx"
import {
  ExampleStopped,
  localBackendDefaults,
  runExample,
  signUpRefusals,
  stop,
  whenAnythingElseFails
} from "./local-backend.js"

const run = Date.now().toString(36)
const password = "correct horse battery staple"
const verificationCallbackUrl = "http://localhost:3000/handler/email-verification"
const invitationCallbackUrl = "http://localhost:3000/handler/team-invitation"

/** Fails the example unless `condition` holds. */
const expect = (condition: boolean, message: string) =>
  condition ? Effect.void : Effect.fail(new ExampleStopped({ message: `expected ${message}` }))

const AdminLive = adminTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))
/** A fresh client (its own session) for each person. */
const clientLive = () => clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

/**
 * The code of the newest link to `callbackUrl` mailed to `address`, from the local backend's mailbox (an
 * Inbucket-compatible API; a real app's user clicks the link instead).
 */
const mailedCode = (address: string, callbackUrl: string) =>
  Effect.gen(function* () {
    const base = process.env["HEXCLAVE_API_URL"] ?? process.env["STACK_API_URL"] ?? "http://127.0.0.1:8102"
    const api = `${base}/mailbox/api/v1/mailbox/${encodeURIComponent(address)}`
    const read = (url: string) =>
      Effect.tryPromise({
        try: (): Promise<unknown> => fetch(url).then((r) => r.json()),
        catch: () => new ExampleStopped({ message: `reading the mailbox at ${url}` })
      })
    const list = (yield* read(api)) as ReadonlyArray<{ readonly id: string }>
    const newest = list.at(-1)
    if (newest === undefined) return yield* Effect.fail(new ExampleStopped({ message: `no mail to ${address}` }))
    const message = (yield* read(`${api}/${encodeURIComponent(newest.id)}`)) as {
      readonly body: { readonly text: string }
    }
    const link = message.body.text.split(/[\s()<>]+/).find((word) => word.startsWith(callbackUrl))
    const code = link === undefined ? null : new URL(link.replace(/[.,]+$/, "")).searchParams.get("code")
    return code === null
      ? yield* Effect.fail(new ExampleStopped({ message: `no verification link in the mail to ${address}` }))
      : code
  })

/** 1. A guest fills a cart and makes a team, then signs up: the same user, with their cart and team. */
const guestUpgradedBySignUp = Effect.gen(function* () {
  const email = `guest-${run}@example.com`
  const { guestId, signedUpId, user, teams } = yield* Effect.gen(function* () {
    const auth = yield* Auth
    const me = yield* CurrentUser
    const guest = yield* auth.signUpAnonymously
    // A guest's session is accepted only by calls that allow it.
    yield* me.update({ clientMetadata: { cart: ["book"] } }).pipe(allowingAnonymousUsers)
    yield* (yield* Teams).create({ displayName: "Guest's team" }).pipe(allowingAnonymousUsers)
    // Signed up while a guest: the sign-up carries the guest's session and the service upgrades that user.
    const signedUp = yield* auth.signUpWithCredential({ email, password })
    const user = yield* me.get
    const teams = (yield* (yield* Teams).list).map((team) => team.displayName)
    return { guestId: guest.userId, signedUpId: signedUp.userId, user, teams }
  }).pipe(Effect.provide(clientLive()))
  yield* Console.log(
    `guest ${guestId} signed up as ${user?.primaryEmail}: user ${signedUpId}, cart ${JSON.stringify(user?.clientMetadata)}, teams ${teams.join(", ")}`
  )
  yield* expect(signedUpId === guestId && user?.id === guestId, "the sign-up to keep the guest's id")
  yield* expect(user?.isAnonymous === false, "a full user after the sign-up")
  yield* expect(
    JSON.stringify(user?.clientMetadata) === JSON.stringify({ cart: ["book"] }),
    "the guest's cart to be kept"
  )
  yield* expect(teams.includes("Guest's team"), "the guest's team to be kept")
  const listed = yield* (yield* ServerUsers).get(guestId)
  yield* expect(!listed.isAnonymous, "the server to see a full user")
})

/** 2. In a project that requires a verified e-mail, a new user is restricted until they verify it. */
const restrictedUserVerifies = Effect.gen(function* () {
  const projects = yield* AdminProjects
  const before = (yield* (yield* ProjectConfig).get).onboarding?.requireEmailVerification ?? false
  yield* projects.update({ config: { requireEmailVerification: true } })
  const email = `unverified-${run}@example.com`
  const outcome = yield* Effect.gen(function* () {
    const auth = yield* Auth
    const me = yield* CurrentUser
    yield* auth.signUpWithCredential({ email, password })
    const asVisitor = yield* me.get
    const restricted = yield* me.getWith({ includeRestricted: true })
    yield* Console.log(
      `signed up ${email}: get() -> ${asVisitor === null ? "null" : asVisitor.id}, restricted reason ${JSON.stringify(restricted?.restrictedReason)}`
    )
    yield* expect(asVisitor === null, "an unverified user to read as nobody")
    yield* expect(restricted?.restrictedReason?.type === "email_not_verified", "the reason email_not_verified")
    // A restricted session may ask for the verification e-mail; verifying renews its token.
    yield* auth.sendVerificationEmail({ callbackUrl: verificationCallbackUrl })
    yield* auth.verifyEmail(yield* mailedCode(email, verificationCallbackUrl))
    return yield* me.get
  }).pipe(
    Effect.provide(clientLive()),
    Effect.ensuring(Effect.ignore(projects.update({ config: { requireEmailVerification: before } })))
  )
  yield* Console.log(`after verifying: ${outcome?.primaryEmail}, restricted ${outcome?.isRestricted}`)
  yield* expect(outcome !== null && !outcome.isRestricted && outcome.primaryEmailVerified, "a full, verified user")
})

/**
 * A user the server creates with a verified address that signs in with the password (as an import or a
 * support desk would; `primaryEmailAuthEnabled` makes the address a sign-in one).
 */
const createVerifiedUser = (email: string) =>
  ServerUsers.use((users) =>
    users.create({ primaryEmail: email, primaryEmailVerified: true, primaryEmailAuthEnabled: true, password })
  )

const signIn = (email: string) => Auth.use((auth) => auth.signInWithCredential({ email, password }))

/** 3. A user signed in on two devices lists their sessions and ends the other device's one. */
const sessionRevoked = Effect.gen(function* () {
  const email = `sessions-${run}@example.com`
  // The first device signs up, which opens a session.
  const { userId } = yield* Auth.use((auth) => auth.signUpWithCredential({ email, password })).pipe(
    Effect.provide(clientLive())
  )
  // The second device signs in, sees both sessions and ends the one that is not its own.
  const { listed, left } = yield* Effect.gen(function* () {
    yield* signIn(email)
    const sessions = yield* ActiveSessions
    const listed = yield* sessions.list
    yield* Effect.forEach(
      listed.filter((session) => !session.isCurrentSession),
      (session) => sessions.revoke(session.id)
    )
    return { listed, left: yield* sessions.list }
  }).pipe(Effect.provide(clientLive()))
  const current = listed.filter((session) => session.isCurrentSession).length
  yield* Console.log(`${email}: ${listed.length} sessions (${current} current); after ending the other: ${left.length}`)
  yield* expect(listed.length === 2 && current === 1, "two sessions, one of them this device's")
  yield* expect(left.length === 1 && left[0]?.isCurrentSession === true, "only this device's session to be left")
  // The server agrees: the first device's refresh token no longer works.
  const open = yield* (yield* ServerSessions).list(userId)
  yield* expect(open.length === 1, "the server to see one session")
})

/** 4. Another user invites this user's verified address; the user accepts from their list, without the e-mail's link. */
const invitationAcceptedById = Effect.gen(function* () {
  const email = `invitee-${run}@example.com`
  yield* createVerifiedUser(email)
  const { teamId, invitationId } = yield* Effect.gen(function* () {
    yield* Auth.use((auth) => auth.signUpWithCredential({ email: `inviter-${run}@example.com`, password }))
    // The team's creator holds $invite_members.
    const team = yield* (yield* Teams).create({ displayName: `Book club ${run}` })
    const invitationId = yield* (yield* TeamInvitations).send({
      teamId: team.id,
      email,
      callbackUrl: invitationCallbackUrl
    })
    return { teamId: team.id, invitationId }
  }).pipe(Effect.provide(clientLive()))
  const { received, teams } = yield* Effect.gen(function* () {
    yield* signIn(email)
    const invitations = yield* TeamInvitations
    const received = yield* invitations.listReceived()
    yield* invitations.acceptById(invitationId)
    return { received, teams: (yield* (yield* Teams).list).map((team) => team.id) }
  }).pipe(Effect.provide(clientLive()))
  yield* Console.log(
    `${email} received: ${received.map((invitation) => invitation.teamDisplayName).join(", ")}; accepted by id, now a member: ${teams.includes(teamId)}`
  )
  yield* expect(received.length === 1 && received[0]?.id === invitationId, "the invitation in the received list")
  yield* expect(teams.includes(teamId), "the user to be a member of the team")
})

/** 5. The providers linked to a user: the server links a GitHub account (no OAuth flow), the user lists it. */
const linkedProvidersListed = Effect.gen(function* () {
  const email = `linked-${run}@example.com`
  const user = yield* createVerifiedUser(email)
  // "github" is one of the providers the demo project is seeded with; a provider it lacks is OAuthProviderNotConfigured.
  yield* (yield* ServerOAuthProviders).create({
    userId: user.id,
    providerConfigId: "github",
    accountId: `example-${run}`,
    email,
    allowSignIn: true,
    allowConnectedAccounts: false
  })
  const providers = yield* Effect.gen(function* () {
    yield* signIn(email)
    return yield* (yield* OAuthProviders).list
  }).pipe(Effect.provide(clientLive()))
  yield* Console.log(
    `${email} linked providers: ${providers.map((p) => `${p.type} (sign-in ${p.allowSignIn}, connected ${p.allowConnectedAccounts})`).join(", ")}`
  )
  yield* expect(
    providers.length === 1 && providers[0]?.type === "github" && providers[0].allowSignIn,
    "the linked GitHub account"
  )
})

/** The steps, in order. */
const step = <E, R>(name: string, effect: Effect.Effect<void, E, R>) => Effect.andThen(Console.log(`\n${name}`), effect)

const program = Effect.gen(function* () {
  yield* step("1. A guest signs up and keeps their data", guestUpgradedBySignUp)
  yield* step("2. A user verifies their e-mail and is no longer restricted", restrictedUserVerifies)
  yield* step("3. A user lists their sessions and ends another device's", sessionRevoked)
  yield* step("4. A user accepts a received invitation by its id", invitationAcceptedById)
  yield* step("5. A user lists the providers linked to their account", linkedProvidersListed)
}).pipe(
  Effect.catchTag(["UserNotFound", "NoPrimaryEmail", "NotSignedIn", "CallbackUrlRequired"], stop("accounts")),
  Effect.catchTag(
    ["SchemaError", "InvalidInput", "CannotGetOwnUserWithoutUser", "UserAuthenticationRequired"],
    stop("input")
  ),
  Effect.catchTag(signUpRefusals, stop("signing up")),
  Effect.catchTag(AdminAuthErrorTags, stop("admin access token")),
  Effect.catchTag("InsufficientAccessType", stop("access type")),
  Effect.catchTag(
    [...VerificationErrorTags, "EmailAlreadyVerified", "EmailIsNotPrimaryEmail"],
    stop("verifying the e-mail")
  ),
  Effect.catchTag("ProductionModeNotReady", stop("project settings")),
  Effect.catchTag("EmailPasswordMismatch", stop("signing in")),
  Effect.catchTag(["CannotDeleteCurrentSession", "SessionNotFound"], stop("ending a session")),
  Effect.catchTag(
    [
      "TeamPermissionRequired",
      "TeamNotFound",
      "TeamMembershipNotFound",
      "TeamInvitationRestrictedUserNotAllowed",
      "ItemNotFound",
      "ItemQuantityInsufficientAmount"
    ],
    stop("the invitation")
  ),
  Effect.catchTag(
    ["OAuthProviderNotConfigured", "OAuthProviderConflict", "OAuthProviderAccountIdAlreadyUsedForSignIn"],
    stop("linking a provider")
  )
)

await runExample(program.pipe(Effect.provide(AdminLive), Effect.catchTags(whenAnythingElseFails)))
