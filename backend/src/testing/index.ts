/**
 * `stackfx-backend/testing`: a testing kit for apps built on stackfx. One backend per test run (the global
 * setup's; a worker without one starts its own), a project per test (or block), the tiers pointed at it,
 * fixtures, the mailbox as typed values, the backend's clock under the test's control and injected faults.
 * See docs/testing.md.
 *
 * @example
 * it.layer(StackTest.layer({ magicLinkEnabled: true }))((it) => {
 *   it.effect("signs in with the e-mailed code", () => Effect.gen(function* () { ... }))
 * })
 */
export { Fault, UnknownRoute } from "./faults.js"
export type { FaultAnswer, FaultOptions, FaultRequest, FaultTarget } from "./faults.js"
export { FixtureFailed, FixtureRefused, INVITATION_CALLBACK_URL, PASSKEY_ORIGIN, uniqueEmail } from "./fixtures.js"
export type { FixtureError, NewTestTeam, NewTestUser, TestApiKey, TestPasskey, TestTeam, TestUser } from "./fixtures.js"
export { stackTestGlobalSetup } from "./global-setup.js"
export { MailTimeout, MailWithoutLink } from "./mailbox.js"
export type { EmailLink, Mail, MailKind, MailWait } from "./mailbox.js"
export type { StackTestOptions, TestProjectKeys } from "./project.js"
export { startStackTest } from "./promise.js"
export { SoftAuthenticator, withHostname } from "./soft-authenticator.js"
export type { RunningStackTest } from "./promise.js"
export { StackTest } from "./stack-test.js"
export { WebhookTimeout } from "./webhooks.js"
export type { RefusedWebhook, TestWebhooks, WebhookFailure, WebhookWait } from "./webhooks.js"
export type { StackTestShape, TestMailbox } from "./stack-test.js"
