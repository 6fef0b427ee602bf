/**
 * The admin tier, as a dashboard or a deploy script uses it with the super-secret admin key: read the
 * project, issue and revoke an API key set, define a team permission, list the email templates (and see that
 * editing one needs the project's own SMTP server).
 *
 *   npx stackfx dev           # starts the local backend on http://127.0.0.1:8102
 *   npm run example:admin     # STACK_API_URL, STACK_PROJECT_ID, STACK_SUPER_SECRET_ADMIN_KEY override the defaults
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  AdminAuthErrorTags,
  AdminProjects,
  adminTierFromEnv,
  ApiKeys,
  DEFAULT_TEMPLATE_IDS,
  EmailTemplates,
  PermissionDefinitions
} from "stackfx"
import { localBackendDefaults, runExample, stop, whenAnythingElseFails } from "./local-backend.js"

const permissionId = `example_editor_${Date.now().toString(36)}`

const program = Effect.gen(function* () {
  const projects = yield* AdminProjects
  const apiKeys = yield* ApiKeys
  const permissions = yield* PermissionDefinitions
  const templates = yield* EmailTemplates

  const project = yield* projects.get
  yield* Console.log(
    `project ${project.id} ("${project.displayName}"): production mode ${project.isProductionMode ? "on" : "off"}, ` +
      `owner team ${project.ownerTeamId ?? "none"}, sign-in with ${project.config.oauthProviders.map((p) => p.id).join(", ") || "no OAuth provider"}`
  )

  const keySet = yield* apiKeys
    .create({
      description: "created by the admin example",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false
    })
    .pipe(Effect.catchTag("InvalidInput", stop("creating an API key set")))
  // The full key is in keySet.secretServerKey, shown this once; keys are never printed.
  yield* Console.log(
    `API key set created: ${keySet.validity._tag}, has a secret server key: ${keySet.secretServerKey !== null}`
  )
  const revoked = yield* apiKeys
    .revoke(keySet.id)
    .pipe(Effect.catchTag(["ApiKeyNotFound", "InvalidInput"], stop("revoking")))
  yield* Console.log(`after revoking: ${revoked.validity._tag}`)

  const editor = yield* permissions
    .create({
      id: permissionId,
      description: "Edits team content",
      containedPermissionIds: ["$read_members"]
    })
    .pipe(
      Effect.catchTag(
        ["PermissionIdAlreadyExists", "ContainedPermissionNotFound", "SchemaError", "InvalidInput"],
        stop("defining a permission")
      )
    )
  yield* Console.log(`permission ${editor.id} contains ${editor.containedPermissionIds.join(", ")}`)

  // Each documented error handled on its own: the answer to a bad definition is data, not a crash.
  const broken = yield* permissions
    .create({ id: `${permissionId}_broken`, containedPermissionIds: ["no_such_permission"] })
    .pipe(
      Effect.as("accepted?!"),
      Effect.catchTags({
        ContainedPermissionNotFound: (error) =>
          Effect.succeed(`refused, ${error._tag}: ${error.details.permission_id}`),
        PermissionIdAlreadyExists: (error) => Effect.succeed(`refused, ${error._tag}`),
        SchemaError: (error) => Effect.succeed(`refused, ${error._tag}: ${error.message}`),
        InvalidInput: (error) => Effect.succeed(`not sent, ${error.message}`)
      })
    )
  yield* Console.log(`a permission containing an unknown one: ${broken}`)
  yield* permissions
    .delete(editor.id)
    .pipe(Effect.catchTag(["PermissionNotFound", "InvalidInput"], stop("deleting the permission")))

  const all = yield* templates.list
  yield* Console.log(`email templates: ${all.map((t) => t.displayName).join(", ")}`)
  // A project on the shared email server always sends the default templates, so it may not edit them.
  const magicLink = yield* templates
    .get(DEFAULT_TEMPLATE_IDS.magic_link)
    .pipe(Effect.catchTag("EmailTemplateNotFound", stop("reading the magic-link template")))
  const edited = yield* templates.update(magicLink.id, { tsxSource: magicLink.tsxSource }).pipe(
    Effect.as("saved"),
    Effect.catchTags({
      RequiresCustomEmailServer: (error) => Effect.succeed(`refused, ${error._tag}`),
      EmailRenderingError: (error) => Effect.succeed(`refused, ${error._tag}: ${error.details.error}`),
      EmailTemplateNotFound: (error) => Effect.succeed(`refused, ${error._tag}`),
      SchemaError: (error) => Effect.succeed(`refused, ${error._tag}: ${error.message}`),
      InvalidInput: (error) => Effect.succeed(`not sent, ${error.message}`)
    })
  )
  yield* Console.log(`editing the ${magicLink.displayName} template: ${edited}`)
}).pipe(
  // With an admin access token (a dashboard user's session) the token can expire or lose ownership;
  // the category's tags come as one array.
  Effect.catchTag(AdminAuthErrorTags, stop("admin access token")),
  // The admin project answers admins only; a key of another tier in STACK_* would get this.
  Effect.catchTag("InsufficientAccessType", stop("access type"))
)

const AdminLive = adminTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

await runExample(program.pipe(Effect.provide(AdminLive), Effect.catchTags(whenAnythingElseFails)))
