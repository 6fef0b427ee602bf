/**
 * Access control with the admin, server and client tiers: a project permission defined, granted and checked
 * (not tied to a team), a config change read back through the admin project, and a sign-up rule that
 * rejects an e-mail domain. It exits non-zero when anything is not as expected.
 *
 *   npx stackfx dev            # starts the local backend on http://127.0.0.1:8102
 *   npm run example:access     # STACK_* variables override the local defaults
 *
 * It changes the demo project's config and puts it back at the end (the rule and the switch it flips).
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
  ServerProjectPermissions
} from "stackfx"
import { ExampleStopped, localBackendDefaults, runExample, signUpRefusals, stop, whenAnythingElseFails } from "./local-backend.js"

const run = Date.now().toString(36)
const permissionId = `example_reports_${run}`
const ruleId = `example_block_${run}`
const blockedDomain = `blocked-${run}.example.com`

/** Fails the example unless `condition` holds. */
const expect = (condition: boolean, message: string) =>
  condition ? Effect.void : Effect.fail(new ExampleStopped({ message: `expected ${message}` }))

const AdminLive = adminTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))
/** A fresh client (its own session) for each visitor. */
const clientLive = () => clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

const signUp = (email: string) =>
  Auth.use((auth) => auth.signUpWithCredential({ email, password: "correct horse battery staple" }))

const program = Effect.gen(function*() {
  const config = yield* ProjectConfig
  const definitions = yield* ProjectPermissionDefinitions
  const grants = yield* ServerProjectPermissions

  // 1. A project permission: defined with another it contains, granted to a new user, checked by that user.
  yield* definitions.create({ id: `${permissionId}_read`, description: "Reads reports" })
  yield* definitions.create({ id: permissionId, containedPermissionIds: [`${permissionId}_read`] })
  const reader = yield* Effect.gen(function*() {
    const signedUp = yield* signUp(`reader-${run}@example.com`)
    yield* grants.grant(signedUp.userId, permissionId)
    const permissions = yield* ProjectPermissions
    return {
      mayRead: yield* permissions.has(`${permissionId}_read`),
      direct: (yield* permissions.list({ recursive: false })).map((p) => p.id)
    }
  }).pipe(Effect.provide(clientLive()))
  yield* Console.log(`granted ${permissionId}; holds ${permissionId}_read through it: ${reader.mayRead}; direct grants: ${reader.direct.join(", ")}`)
  yield* expect(reader.mayRead, "the contained permission to be held")
  yield* expect(reader.direct.length === 1 && reader.direct[0] === permissionId, "one direct grant")

  // 2. A config change through an override, read back by the admin project (one source of truth).
  const before = (yield* (yield* AdminProjects).get).config.allowTeamApiKeys
  yield* config.override("environment", { "apiKeys.enabled.team": !before })
  const after = (yield* (yield* AdminProjects).get).config.allowTeamApiKeys
  const effective = yield* config.get
  yield* Console.log(`team API keys: ${before} -> ${after} (effective config: ${effective.apiKeys?.enabled?.team})`)
  yield* expect(after === !before && effective.apiKeys?.enabled?.team === after, "the switch to flip in both reads")

  // 3. A sign-up rule rejecting a domain: that domain is refused, others still sign up.
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

  // Put the demo project back as it was.
  yield* config.override("environment", { [`auth.signUpRules.${ruleId}`]: null, "apiKeys.enabled.team": before })
  yield* definitions.delete(permissionId)
  yield* definitions.delete(`${permissionId}_read`)
}).pipe(
  Effect.catchTag(
    ["PermissionIdAlreadyExists", "ContainedPermissionNotFound", "PermissionNotFound", "WrongPermissionScope", "UserNotFound"],
    stop("project permissions")
  ),
  Effect.catchTag(["SchemaError", "InvalidInput", "CannotGetOwnUserWithoutUser"], stop("input")),
  Effect.catchTag(signUpRefusals, stop("signing up")),
  Effect.catchTag(AdminAuthErrorTags, stop("admin access token")),
  Effect.catchTag("InsufficientAccessType", stop("access type"))
)

await runExample(program.pipe(Effect.provide(AdminLive), Effect.catchTags(whenAnythingElseFails)))
