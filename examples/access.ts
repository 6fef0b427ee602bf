/**
 * Access control with the admin, server and client tiers: a project permission defined, granted and checked
 * (not tied to a team), user and team API keys created, checked by the server and revoked, a config change
 * that turns user API keys off, and a sign-up rule that rejects an e-mail domain. It exits non-zero when
 * anything is not as expected.
 *
 *   npx stackfx dev            # starts the local backend on http://127.0.0.1:8102
 *   npm run example:access     # STACK_* variables override the local defaults
 *
 * It changes the demo project's config and puts it back at the end (the API-key switches and the rule).
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  AdminAuthErrorTags,
  AdminProjects,
  adminTierFromEnv,
  Auth,
  clientTierFromEnv,
  ProjectConfig,
  ProjectPermissionDefinitions,
  ProjectPermissions,
  ServerApiKeys,
  ServerProjectPermissions,
  TeamApiKeys,
  Teams,
  UserApiKeys
} from "stackfx"
import {
  ExampleStopped,
  localBackendDefaults,
  runExample,
  signUpRefusals,
  stop,
  whenAnythingElseFails,
  whenCallbackUrlIsMissing
} from "./local-backend.js"

const run = Date.now().toString(36)
const permissionId = `example_reports_${run}`
const ruleId = `example_block_${run}`
const blockedDomain = `blocked-${run}.example.com`
/** Keys for the example expire in a day; `expiresAt: null` never expires. */
const inADay = () => new Date(Date.now() + 86_400_000)

/** Fails the example unless `condition` holds. */
const expect = (condition: boolean, message: string) =>
  condition ? Effect.void : Effect.fail(new ExampleStopped({ message: `expected ${message}` }))

const AdminLive = adminTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))
/** A fresh client (its own session) for each visitor. */
const clientLive = () => clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

const signUp = (email: string) =>
  Auth.use((auth) => auth.signUpWithCredential({ email, password: "correct horse battery staple" }))

/** How a key check refuses a key that does not work (what an app's server tells its caller). */
const refusals = ["ApiKeyRevoked", "ApiKeyExpired", "ApiKeyNotFound", "WrongApiKeyType"] as const

/** 2. A signed-in user's own key: the full value is shown once; an app's server checks it and finds the user. */
const userKey = Effect.gen(function* () {
  const server = yield* ServerApiKeys
  const keys = yield* UserApiKeys
  const created = yield* keys.create({ description: "Example CLI", expiresAt: inADay() })
  const owner = yield* server.userOfKey(created.value)
  yield* Console.log(
    `user API key ${created.validity._tag}, its owner found by the server: ${owner.id === created.userId}`
  )
  yield* expect(owner.id === created.userId, "the server to find the key's user")
  yield* keys.revoke(created.id)
  const afterRevoking = yield* server.checkUserKey(created.value).pipe(
    Effect.as("accepted"),
    Effect.catchTag(refusals, (error) => Effect.succeed(error._tag))
  )
  yield* Console.log(`user API key after revoking: ${afterRevoking}`)
  yield* expect(afterRevoking === "ApiKeyRevoked", "the revoked key to be refused")
})

/** 3. A team's key: the team's creator is its admin, which holds $manage_api_keys. */
const teamKey = Effect.gen(function* () {
  const server = yield* ServerApiKeys
  const keys = yield* TeamApiKeys
  const team = yield* (yield* Teams).create({ displayName: `Example team ${run}` })
  const created = yield* keys.create(team.id, { description: "Example CI", expiresAt: inADay() })
  const owner = yield* server.teamOfKey(created.value)
  yield* Console.log(`team API key ${created.validity._tag}, its team found by the server: ${owner.id === team.id}`)
  yield* expect(owner.id === team.id, "the server to find the key's team")
  yield* keys.revoke(team.id, created.id)
  const afterRevoking = yield* server.checkTeamKey(created.value).pipe(
    Effect.as("accepted"),
    Effect.catchTag(refusals, (error) => Effect.succeed(error._tag))
  )
  yield* Console.log(`team API key after revoking: ${afterRevoking}`)
  yield* expect(afterRevoking === "ApiKeyRevoked", "the revoked key to be refused")
})

const program = Effect.gen(function* () {
  const config = yield* ProjectConfig
  const projects = yield* AdminProjects
  const definitions = yield* ProjectPermissionDefinitions
  const grants = yield* ServerProjectPermissions

  // The key steps need both kinds of keys allowed; what the project had is put back at the end.
  const before = (yield* projects.get).config
  yield* projects.update({ config: { allowUserApiKeys: true, allowTeamApiKeys: true } })
  const restoreKeySwitches = Effect.ignore(
    projects.update({
      config: { allowUserApiKeys: before.allowUserApiKeys, allowTeamApiKeys: before.allowTeamApiKeys }
    })
  )

  const steps = Effect.gen(function* () {
    // 1. A project permission: defined with another it contains, granted to a new user, checked by that user.
    yield* definitions.create({ id: `${permissionId}_read`, description: "Reads reports" })
    yield* definitions.create({ id: permissionId, containedPermissionIds: [`${permissionId}_read`] })
    const reader = yield* Effect.gen(function* () {
      const signedUp = yield* signUp(`reader-${run}@example.com`)
      yield* grants.grant(signedUp.userId, permissionId)
      const permissions = yield* ProjectPermissions
      return {
        mayRead: yield* permissions.has(`${permissionId}_read`),
        direct: (yield* permissions.list({ recursive: false })).map((p) => p.id)
      }
    }).pipe(Effect.provide(clientLive()))
    yield* Console.log(
      `granted ${permissionId}; holds ${permissionId}_read through it: ${reader.mayRead}; direct grants: ${reader.direct.join(", ")}`
    )
    yield* expect(reader.mayRead, "the contained permission to be held")
    yield* expect(reader.direct.length === 1 && reader.direct[0] === permissionId, "one direct grant")

    // 2 and 3. One signed-in user makes a key of their own and one of a team they create.
    yield* Effect.gen(function* () {
      yield* signUp(`keys-${run}@example.com`)
      yield* userKey
      yield* teamKey
    }).pipe(Effect.provide(clientLive()))

    // 4. A config change through an override, read back by the admin project: user keys off are refused.
    yield* config.override("environment", { "apiKeys.enabled.user": false })
    const allowed = (yield* projects.get).config.allowUserApiKeys
    const newKey = yield* Effect.gen(function* () {
      yield* signUp(`no-keys-${run}@example.com`)
      return yield* (yield* UserApiKeys).create({ description: "Refused", expiresAt: null })
    }).pipe(
      Effect.as("created"),
      Effect.catchTag("ApiKeysDisabled", (error) => Effect.succeed(`refused (${error._tag})`)),
      Effect.provide(clientLive())
    )
    yield* Console.log(`user API keys turned off (admin project reads ${allowed}); a new user key: ${newKey}`)
    yield* expect(!allowed && newKey === "refused (ApiKeysDisabled)", "a new key to be refused")

    // 5. A sign-up rule rejecting a domain: that domain is refused, others still sign up.
    yield* config.override("environment", {
      [`auth.signUpRules.${ruleId}`]: {
        enabled: true,
        priority: 10,
        condition: `emailDomain == "${blockedDomain}"`,
        action: { type: "reject" }
      }
    })
    const blocked = yield* signUp(`someone@${blockedDomain}`).pipe(
      Effect.as("accepted"),
      Effect.catchTag("SignUpRejected", (error) => Effect.succeed(`rejected (${error.code})`)),
      Effect.provide(clientLive())
    )
    yield* Console.log(`sign-up with @${blockedDomain}: ${blocked}`)
    yield* expect(blocked === "rejected (SIGN_UP_REJECTED)", "the blocked domain to be rejected")
    yield* signUp(`someone-${run}@example.com`).pipe(Effect.provide(clientLive()))
    yield* Console.log("sign-up with another domain: accepted")
  })

  // Put the demo project back as it was, whether or not every step went as expected.
  yield* steps.pipe(
    Effect.ensuring(
      Effect.all([
        Effect.ignore(config.override("environment", { [`auth.signUpRules.${ruleId}`]: null })),
        restoreKeySwitches,
        Effect.ignore(definitions.delete(permissionId)),
        Effect.ignore(definitions.delete(`${permissionId}_read`))
      ])
    )
  )
}).pipe(
  Effect.catchTag(
    [
      "PermissionIdAlreadyExists",
      "ContainedPermissionNotFound",
      "PermissionNotFound",
      "WrongPermissionScope",
      "UserNotFound"
    ],
    stop("project permissions")
  ),
  Effect.catchTag(
    [
      "ApiKeysDisabled",
      "ApiKeyAccessDenied",
      "ApiKeyNotFound",
      "ApiKeyRevoked",
      "ApiKeyExpired",
      "WrongApiKeyType",
      "TeamNotFound"
    ],
    stop("API keys")
  ),
  Effect.catchTag(
    ["SchemaError", "InvalidInput", "CannotGetOwnUserWithoutUser", "UserAuthenticationRequired"],
    stop("input")
  ),
  Effect.catchTag(signUpRefusals, stop("signing up")),
  Effect.catchTag(AdminAuthErrorTags, stop("admin access token")),
  Effect.catchTag("InsufficientAccessType", stop("access type")),
  Effect.catchTag("ProductionModeNotReady", stop("project settings"))
)

await runExample(
  program.pipe(
    Effect.provide(AdminLive),
    Effect.catchTags({ ...whenAnythingElseFails, CallbackUrlRequired: whenCallbackUrlIsMissing })
  )
)
