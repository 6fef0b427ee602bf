/**
 * The contract and what derives from it: the local backend serves every declaration (contract/*.ts) and
 * nothing undeclared below `/api/v1` apart from its documented extensions; the generated files are those
 * `npm run generate` writes from the declarations today.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { apiRoutes, servedDeclarations } from "../../backend/src/routes/index.js"
import { allDeclarations } from "../../scripts/contract/declarations.js"
import { memberKindsFile, memberKindsSource } from "../../scripts/contract/member-kinds.js"

/** What the local backend serves beside the hosted API (docs/architecture.md, "The local backend's extensions"). */
const extensions = new Set(["GET /health", "GET /emulator/oauth-providers/:providerId", "PUT /emulator/oauth-providers/:providerId"])

/**
 * Routes not served from a declaration yet: the list only shrinks (a route served from its declaration
 * must leave it, which the test checks).
 */
const pending = new Set([
  "POST /auth/password/sign-up",
  "POST /auth/password/sign-in",
  "POST /auth/anonymous/sign-up",
  "POST /auth/password/send-reset-code",
  "POST /auth/password/reset/check-code",
  "POST /auth/password/reset",
  "POST /auth/password/update",
  "POST /auth/password/set",
  "POST /auth/otp/send-sign-in-code",
  "POST /auth/otp/sign-in/check-code",
  "POST /auth/otp/sign-in",
  "POST /auth/mfa/sign-in",
  "POST /auth/mfa/sign-in/check-code",
  "GET /contact-channels",
  "POST /contact-channels",
  "POST /contact-channels/send-verification-code",
  "POST /contact-channels/verify",
  "POST /contact-channels/verify/check-code",
  "POST /contact-channels/:userId/:channelId/send-verification-code",
  "GET /contact-channels/:userId/:channelId",
  "PATCH /contact-channels/:userId/:channelId",
  "DELETE /contact-channels/:userId/:channelId",
  "POST /auth/oauth/token",
  "GET /auth/oauth/authorize/:providerId",
  "GET /auth/oauth/callback/:providerId",
  "POST /auth/oauth/callback/:providerId",
  "POST /auth/passkey/initiate-passkey-registration",
  "POST /auth/passkey/register",
  "POST /auth/passkey/initiate-passkey-authentication",
  "POST /auth/passkey/sign-in",
  "GET /connected-accounts/:userId",
  "POST /connected-accounts/:userId/:providerId/:providerAccountId/access-token",
  "POST /connected-accounts/:userId/:providerId/access-token",
  "POST /auth/oauth/connected-accounts/:providerId/access-token",
  "GET /oauth-providers",
  "POST /oauth-providers",
  "GET /oauth-providers/:user_id/:provider_id",
  "PATCH /oauth-providers/:user_id/:provider_id",
  "DELETE /oauth-providers/:user_id/:provider_id",
  "POST /auth/sessions/current/refresh",
  "DELETE /auth/sessions/current",
  "POST /auth/sessions",
  "GET /auth/sessions",
  "DELETE /auth/sessions/:sessionId",
  "GET /team-member-profiles",
  "GET /team-member-profiles/:teamId/:userId",
  "PATCH /team-member-profiles/:teamId/:userId",
  "POST /team-invitations/send-code",
  "GET /team-invitations",
  "POST /team-invitations/:invitationId/accept",
  "DELETE /team-invitations/:invitationId",
  "POST /team-invitations/accept/check-code",
  "POST /team-invitations/accept/details",
  "POST /team-invitations/accept",
  "GET /team-permissions",
  "POST /team-permissions/:teamId/:userId/:permissionId",
  "DELETE /team-permissions/:teamId/:userId/:permissionId",
  "GET /team-permission-definitions",
  "POST /team-permission-definitions",
  "PATCH /team-permission-definitions/:permissionId",
  "DELETE /team-permission-definitions/:permissionId",
  "GET /project-permissions",
  "POST /project-permissions/:userId/:permissionId",
  "DELETE /project-permissions/:userId/:permissionId",
  "GET /project-permission-definitions",
  "POST /project-permission-definitions",
  "PATCH /project-permission-definitions/:permissionId",
  "DELETE /project-permission-definitions/:permissionId",
  "GET /internal/config",
  "GET /internal/config/override/:level",
  "PATCH /internal/config/override/:level",
  "PUT /internal/config/override/:level",
  "GET /projects/current",
  "GET /internal/projects/current",
  "PATCH /internal/projects/current",
  "DELETE /internal/projects/current",
  "GET /internal/projects",
  "POST /internal/projects",
  "POST /internal/projects/transfer",
  "POST /internal/api-keys",
  "GET /internal/api-keys",
  "GET /internal/api-keys/:apiKeyId",
  "PATCH /internal/api-keys/:apiKeyId",
  "POST /user-api-keys",
  "POST /team-api-keys",
  "GET /user-api-keys",
  "GET /user-api-keys/:api_key_id",
  "PATCH /user-api-keys/:api_key_id",
  "POST /user-api-keys/check",
  "GET /team-api-keys",
  "GET /team-api-keys/:api_key_id",
  "PATCH /team-api-keys/:api_key_id",
  "POST /team-api-keys/check",
  "GET /internal/email-templates",
  "POST /internal/email-templates",
  "PATCH /internal/email-templates/:templateId",
  "DELETE /internal/email-templates/:templateId",
  "GET /emails/notification-preference/:userId",
  "PATCH /emails/notification-preference/:userId/:categoryId",
  "GET /emails/unsubscribe-link",
  "GET /internal/metrics",
  "POST /internal/send-test-email",
  "POST /webhooks/svix-token",
  "POST /check-feature-support"
])

const routeOf = (declaration: { readonly method: string; readonly path: string }) =>
  `${declaration.method} ${declaration.path.replace(/\{([^}]+)\}/g, ":$1")}`

describe("the contract", () => {
  it("every declaration is served once, by the route of its method and path", async () => {
    const declarations = await allDeclarations()
    const names = declarations.map((declaration) => declaration.name)
    assert.deepStrictEqual([...new Set(names)], names, "declaration names are unique")
    for (const declaration of declarations) {
      const serving = servedDeclarations.filter((served) => served === declaration)
      assert.strictEqual(serving.length, 1, `${declaration.name} (${routeOf(declaration)}) is served once`)
    }
    for (const served of servedDeclarations) assert.isTrue(declarations.includes(served), `${served.name} is in src/contract`)
  })

  it("nothing is served below /api/v1 that is not declared, apart from the backend's extensions", async () => {
    const declared = new Set((await allDeclarations()).map(routeOf))
    const routes = apiRoutes.map((route) => `${route.method} ${route.path}`)
    for (const route of routes) {
      assert.isTrue(declared.has(route) || extensions.has(route) || pending.has(route), `${route} is declared`)
    }
    for (const route of pending) assert.isFalse(declared.has(route), `${route} is declared now: remove it from pending`)
    for (const route of [...extensions, ...pending]) assert.isTrue(routes.includes(route), `${route} is still served`)
  })

  it("the services' member lists are generated from today's tables (npm run generate)", async () => {
    assert.strictEqual(readFileSync(memberKindsFile, "utf8"), await memberKindsSource())
  })
})
