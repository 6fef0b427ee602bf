import { assert, describe, it } from "@effect/vitest"
import { Metrics } from "../../src/services/generated/metrics.js"
import { TestEmail } from "../../src/services/generated/test-email.js"
import { Webhooks } from "../../src/services/generated/webhooks.js"
import { freePort } from "../support/cli.js"
import { useKitBackend } from "../support/local-backend.js"
import { adminLayer, adminTokenLayer, run, runFailure } from "./admin-support.js"

const backend = useKitBackend()

describe("Webhooks", () => {
  it("gives a stable token per project", async () => {
    const one = await backend.createProject()
    const two = await backend.createProject()
    const first = await run(
      adminLayer(backend, one),
      Webhooks.use((w) => w.svixToken)
    )
    const again = await run(
      adminLayer(backend, one),
      Webhooks.use((w) => w.svixToken)
    )
    const other = await run(
      adminLayer(backend, two),
      Webhooks.use((w) => w.svixToken)
    )
    assert.isAbove(first.length, 20)
    assert.strictEqual(again, first)
    assert.notStrictEqual(other, first)
  })
})

describe("Metrics", () => {
  it("lists the 100 latest registrations and the 5 users active last, as the service", async () => {
    const project = await backend.createProject()
    for (let i = 0; i < 7; i++) await backend.signUp(project)
    const metrics = await run(
      adminLayer(backend, project),
      Metrics.use((m) => m.get())
    )
    assert.lengthOf(metrics.recentlyRegistered, 7)
    assert.lengthOf(metrics.recentlyActive, 5)
  })

  it("counts users from the store", async () => {
    const project = await backend.createProject()
    const layer = adminLayer(backend, project)
    const empty = await run(
      layer,
      Metrics.use((m) => m.get())
    )
    assert.strictEqual(empty.totalUsers, 0)
    assert.strictEqual(empty.dailyUsers.length, 31)
    assert.isTrue(empty.dailyUsers.every((d) => d.activity === 0))
    assert.deepStrictEqual(empty.recentlyRegistered, [])
    assert.deepStrictEqual(empty.loginMethods, [])
    // Today's overviews; payments and analytics, which the local backend lacks, as a new hosted project's.
    assert.deepInclude(empty.authOverview, {
      verifiedUsers: 0,
      unverifiedUsers: 0,
      anonymousUsers: 0,
      mau: 0,
      totalUsersFiltered: 0
    })
    assert.strictEqual(empty.authOverview?.dailyActiveUsersSplit.total.length, 31)
    assert.deepInclude(empty.emailOverview, { totalEmails: 0, emailsSent: 0, recentEmails: [], deliverabilityRate: 0 })
    assert.deepInclude(empty.paymentsOverview, {
      activeSubscriptionCount: 0,
      revenueCents: 0,
      mrrCents: 0,
      totalOrders: 0
    })
    assert.isTrue(empty.paymentsOverview?.dailySubscriptions.every((d) => d.activity === 0))
    assert.deepInclude(empty.analyticsOverview, { visitors: 0, topReferrers: [], topRegion: null })
    assert.strictEqual(empty.analyticsOverview?.dailyPageViews.length, 31)

    const users = []
    for (let i = 0; i < 3; i++) users.push(await backend.signUp(project))
    // One e-mail at least, for the e-mail overview below.
    const resetCode = await backend.call(project, "POST", "/auth/password/send-reset-code", {
      body: { email: users[0]?.email, callback_url: "http://localhost:3000/handler/password-reset" }
    })
    assert.strictEqual(resetCode.status, 200, resetCode.text)
    const metrics = await run(
      layer,
      Metrics.use((m) => m.get())
    )
    assert.strictEqual(metrics.totalUsers, 3)
    const today = new Date().toISOString().slice(0, 10)
    const last = metrics.dailyUsers[metrics.dailyUsers.length - 1]
    assert.deepStrictEqual(last, { date: today, activity: 3 })
    assert.strictEqual(
      metrics.dailyUsers.reduce((sum, d) => sum + d.activity, 0),
      3
    )
    assert.strictEqual(metrics.dailyActiveUsers[metrics.dailyActiveUsers.length - 1]?.activity, 3)
    assert.deepStrictEqual(metrics.usersByCountry, {})
    assert.deepStrictEqual(
      metrics.recentlyRegistered.map((u) => u.id),
      users.map((u) => u.userId).reverse()
    )
    assert.sameMembers(
      metrics.recentlyActive.map((u) => u.id),
      users.map((u) => u.userId)
    )
    assert.deepStrictEqual(metrics.loginMethods, [{ method: "password", count: 3 }])
    const auth = metrics.authOverview
    assert.strictEqual((auth?.verifiedUsers ?? 0) + (auth?.unverifiedUsers ?? 0), 3)
    assert.deepInclude(auth, { anonymousUsers: 0, mau: 3, totalUsersFiltered: 3 })
    assert.strictEqual(auth?.dailyActiveUsersSplit.new.at(-1)?.activity, 3)
    assert.strictEqual(auth?.dailyActiveUsersSplit.retained.at(-1)?.activity, 0)
    // The outbox keeps every e-mail sent (verification e-mails of the sign-ups, if any): the overview counts them.
    assert.strictEqual(
      metrics.emailOverview?.dailyEmails.reduce((sum, d) => sum + d.activity, 0),
      metrics.emailOverview?.totalEmails
    )
    // Counted as the service counts its outbox: sent (simple status `ok`, status `SENT`), none known delivered.
    const sent = metrics.emailOverview?.totalEmails ?? 0
    assert.isAtLeast(sent, 1)
    assert.deepStrictEqual(metrics.emailOverview?.emailsByStatus, { ok: sent })
    assert.lengthOf(metrics.emailOverview?.recentEmails ?? [], sent)
    assert.isTrue(metrics.emailOverview?.recentEmails.every((e) => e.status === "SENT"))
    assert.deepStrictEqual(metrics.emailOverview?.deliverabilityStatus, {
      delivered: 0,
      bounced: 0,
      error: 0,
      inProgress: 0
    })
    assert.strictEqual(metrics.emailOverview?.deliverabilityRate, 0)
    // Another project's users are not counted.
    const other = await backend.createProject()
    const otherMetrics = await run(
      adminLayer(backend, other),
      Metrics.use((m) => m.get())
    )
    assert.strictEqual(otherMetrics.totalUsers, 0)
  })
})

describe("Metrics.usersByCountry", () => {
  it("counts each user's recorded country, anonymous users only when asked", async () => {
    const project = await backend.createProject({ config: { credential_enabled: true } })
    // The location headers count for a browser's request naming its address (http/end-user.ts).
    const from = (country: string) => ({
      "user-agent": "Mozilla/5.0",
      "x-forwarded-for": "203.0.113.7",
      "x-vercel-ip-country": country
    })
    for (const country of ["CA", "CA", "FR"]) {
      const signedUp = await backend.call(project, "POST", "/auth/password/sign-up", {
        body: {
          email: `someone-${country}-${Math.random().toString(36).slice(2)}@example.test`,
          password: "correct horse battery"
        },
        headers: from(country)
      })
      assert.strictEqual(signedUp.status, 200)
    }
    // A guest has no country of its own (the service's anonymous sign-up records none); a server gives it one.
    const guest = await backend.call(project, "POST", "/auth/anonymous/sign-up", { body: {}, headers: from("US") })
    assert.strictEqual(guest.status, 200)
    const located = await backend.call(project, "PATCH", `/users/${guest.body.user_id}`, {
      accessType: "server",
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { country_code: "US" }
    })
    assert.strictEqual(located.status, 200)
    // A user without a recorded country is left out.
    await backend.signUp(project)

    const layer = adminLayer(backend, project)
    const metrics = await run(
      layer,
      Metrics.use((m) => m.get())
    )
    assert.deepStrictEqual(metrics.usersByCountry, { CA: 2, FR: 1 })
    const withGuests = await run(
      layer,
      Metrics.use((m) => m.get({ includeAnonymous: true }))
    )
    assert.deepStrictEqual(withGuests.usersByCountry, { CA: 2, FR: 1, US: 1 })
  })
})

describe("TestEmail", () => {
  it("reports the SMTP failure as errorMessage", async () => {
    const project = await backend.createProject()
    const port = await freePort()
    const result = await run(
      adminLayer(backend, project),
      TestEmail.use((t) =>
        t.send({
          recipientEmail: "someone@example.test",
          emailConfig: {
            host: "127.0.0.1",
            port,
            username: "u",
            password: "hunter2-secret",
            senderName: "Me",
            senderEmail: "me@example.test"
          }
        })
      )
    )
    assert.isFalse(result.success)
    assert.include(result.errorMessage ?? "", "ECONNREFUSED")
    assert.notInclude(result.errorMessage ?? "", "hunter2-secret")
  })

  it("refuses a recipient that is not an email address", async () => {
    const project = await backend.createProject()
    const error = await runFailure(
      adminLayer(backend, project),
      TestEmail.use((t) =>
        t.send({
          recipientEmail: "nobody",
          emailConfig: {
            host: "127.0.0.1",
            port: 25,
            username: "",
            password: "",
            senderName: "Me",
            senderEmail: "me@example.test"
          }
        })
      )
    )
    assert.strictEqual(error._tag, "SchemaError")
  })
})

describe("admin-only routes", () => {
  const routes: ReadonlyArray<readonly [string, string, unknown]> = [
    ["GET", "/internal/projects/current", undefined],
    ["PATCH", "/internal/projects/current", {}],
    ["DELETE", "/internal/projects/current", undefined],
    ["GET", "/internal/api-keys", undefined],
    ["GET", "/internal/api-keys/some-id", undefined],
    ["PATCH", "/internal/api-keys/some-id", { revoked: true }],
    ["GET", "/internal/email-templates", undefined],
    ["POST", "/internal/email-templates", { display_name: "x" }],
    ["PATCH", "/internal/email-templates/822687fe-8d0a-4467-a0d1-416b6e639478", { tsx_source: "x" }],
    ["DELETE", "/internal/email-templates/822687fe-8d0a-4467-a0d1-416b6e639478", undefined],
    ["POST", "/webhooks/svix-token", {}],
    ["GET", "/internal/metrics", undefined],
    ["POST", "/internal/send-test-email", {}]
  ]

  it("refuse client and server keys with INSUFFICIENT_ACCESS_TYPE", async () => {
    const project = await backend.createProject()
    for (const [method, path, body] of routes) {
      for (const accessType of ["client", "server"] as const) {
        const res = await backend.call(project, method, path, { accessType, body })
        assert.strictEqual(res.body?.code, "INSUFFICIENT_ACCESS_TYPE", `${accessType} ${method} ${path}: ${res.text}`)
      }
    }
  })

  it("accept the owner's admin access token and refuse a stranger's", async () => {
    // A project owned by a user of internal (the kit's own projects have none), as the dashboard makes one.
    const project = await backend.createProjectOwnedBy(await backend.signUp(backend.internal()))
    const owner = project.owner
    if (owner === undefined) return assert.fail("createProject gives an owner")
    const token = await run(
      adminTokenLayer(backend, project.id, owner.accessToken),
      Webhooks.use((w) => w.svixToken)
    )
    assert.isString(token)
    const stranger = await backend.signUp(backend.internal())
    const error = await runFailure(
      adminTokenLayer(backend, project.id, stranger.accessToken),
      Metrics.use((m) => m.get())
    )
    assert.strictEqual(error._tag, "AdminAccessTokenIsNotAdmin")
  })
})
