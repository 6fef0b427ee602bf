/**
 * The wire promise of the local backend: a client of the hosted service, changed only in its base URL,
 * signs up, signs in, refreshes and manages teams. The official `@stackframe/js` SDK is that client.
 */
import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { uniqueEmail, useLocalBackend } from "../support/local-backend.js"
import { codeFromMail, latestMailTo } from "../support/mailbox.js"

// Access tokens live 22 s here; the SDK wants 20 s of validity left, so it has to refresh within a test.
const backend = useLocalBackend({ accessTokenLifetimeSeconds: 22 })
const CALLBACK = "http://localhost:3000/handler/email-verification"

const serverApp = () => {
  const project = backend.internal()
  return new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    baseUrl: backend.localBackend().url,
    tokenStore: "memory"
  })
}

/** The official admin app on a project, with its keys. */
const adminApp = (project: {
  readonly id: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
}) =>
  new StackAdminApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    superSecretAdminKey: project.superSecretAdminKey,
    baseUrl: backend.localBackend().url,
    tokenStore: "memory"
  })

const clientApp = () => {
  const project = backend.internal()
  return new StackClientApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.localBackend().url,
    tokenStore: "memory"
  })
}

describe("@stackframe/js against the local backend", () => {
  it("signs up, reads the user, signs out and signs in again", async () => {
    const app = clientApp()
    const email = uniqueEmail("official")
    const password = "official-sdk-password-1"
    const signUp = await app.signUpWithCredential({
      email,
      password,
      noRedirect: true,
      verificationCallbackUrl: CALLBACK
    })
    expect(signUp.status).toBe("ok")
    const user = await app.getUser()
    expect(user?.primaryEmail).toBe(email)
    await user?.signOut({ redirectUrl: "/" }).catch(() => undefined)
    const signIn = await app.signInWithCredential({ email, password, noRedirect: true })
    expect(signIn.status).toBe("ok")
    const wrong = await app.signInWithCredential({ email, password: "not-the-password", noRedirect: true })
    expect(wrong.status).toBe("error")
    if (wrong.status === "error") expect(wrong.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH")
  })

  it("refreshes its access token and manages teams", async () => {
    const app = clientApp()
    await app.signUpWithCredential({
      email: uniqueEmail("official-teams"),
      password: "official-sdk-password-2",
      noRedirect: true,
      verificationCallbackUrl: CALLBACK
    })
    const user = await app.getUser({ or: "throw" })
    const before = await user.getAuthJson()
    expect(before.accessToken).toBeTruthy()
    // Past the token's lifetime the SDK refreshes through /auth/oauth/token and carries on.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const after = await user.getAuthJson()
    expect(after.accessToken).toBeTruthy()
    expect(after.accessToken).not.toBe(before.accessToken)
    const team = await user.createTeam({ displayName: "Official SDK team" })
    expect(team.displayName).toBe("Official SDK team")
    const teams = await user.listTeams()
    expect(teams.map((t) => t.id)).toContain(team.id)
    await team.update({ displayName: "Renamed by the official SDK" })
    expect((await user.listTeams()).find((t) => t.id === team.id)?.displayName).toBe("Renamed by the official SDK")
  })

  it("gives a team's creator the team_admin permission, and no team_member", async () => {
    const app = clientApp()
    await app.signUpWithCredential({
      email: uniqueEmail("official-creator"),
      password: "official-sdk-password-4",
      noRedirect: true,
      verificationCallbackUrl: CALLBACK
    })
    const user = await app.getUser({ or: "throw" })
    const team = await user.createTeam({ displayName: "Official SDK permissions" })
    const direct = await user.listPermissions(team, { recursive: false })
    expect(direct.map((p) => p.id)).toEqual(["team_admin"])
    const all = (await user.listPermissions(team)).map((p) => p.id)
    // `internal`'s own team_admin, as the service's development seed defines it.
    expect(all).toEqual(expect.arrayContaining(["team_admin", "$update_team", "$read_members", "$remove_members"]))
    expect(all).not.toContain("team_member")
  })

  it("lists and accepts the invitations the signed-in user received", async () => {
    const server = serverApp()
    const app = clientApp()
    const email = uniqueEmail("official-received")
    await app.signUpWithCredential({
      email,
      password: "official-sdk-password-5",
      noRedirect: true,
      verificationCallbackUrl: CALLBACK
    })
    const user = await app.getUser({ or: "throw" })
    const team = await server.createTeam({ displayName: "Official SDK received" })
    await team.inviteUser({ email, callbackUrl: "http://localhost:3000/handler/team-invitation" })
    // Only verified addresses receive invitations.
    expect(await user.listTeamInvitations()).toEqual([])
    await (await server.getUser(user.id))?.update({ primaryEmailVerified: true })
    const received = await user.listTeamInvitations()
    expect(
      received.map((i) => ({ teamId: i.teamId, teamDisplayName: i.teamDisplayName, recipientEmail: i.recipientEmail }))
    ).toEqual([{ teamId: team.id, teamDisplayName: "Official SDK received", recipientEmail: email }])
    await received[0]?.accept()
    expect((await user.listTeams()).map((t) => t.id)).toContain(team.id)
    expect(await user.listTeamInvitations()).toEqual([])
  })

  it("ends every session of the user when the password is reset", async () => {
    const server = serverApp()
    const app = clientApp()
    const email = uniqueEmail("official-reset")
    await app.signUpWithCredential({
      email,
      password: "official-sdk-password-6",
      noRedirect: true,
      verificationCallbackUrl: CALLBACK
    })
    const user = await app.getUser({ or: "throw" })
    await clientApp().signInWithCredential({ email, password: "official-sdk-password-6", noRedirect: true })
    const serverUser = await server.getUser(user.id)
    expect((await serverUser?.getActiveSessions())?.length).toBe(2)

    const callbackUrl = "http://localhost:3000/handler/password-reset"
    const sent = await app.sendForgotPasswordEmail(email, { callbackUrl })
    expect(sent.status).toBe("ok")
    const code = codeFromMail(await Effect.runPromise(latestMailTo(backend, email)), callbackUrl)
    const reset = await app.resetPassword({ code, password: "official-sdk-password-7" })
    expect(reset.status).toBe("ok")
    expect(await serverUser?.getActiveSessions()).toEqual([])
    const again = await clientApp().signInWithCredential({
      email,
      password: "official-sdk-password-7",
      noRedirect: true
    })
    expect(again.status).toBe("ok")
  })

  it("works as a server app with the secret key", async () => {
    const server = serverApp()
    const email = uniqueEmail("official-server")
    const created = await server.createUser({ primaryEmail: email, password: "official-sdk-password-3" })
    expect(created.primaryEmail).toBe(email)
    const found = await server.getUser(created.id)
    expect(found?.id).toBe(created.id)
    const listed = await server.listUsers({ limit: 200 })
    expect(listed.map((u) => u.id)).toContain(created.id)
  })

  it("lists a server team's members as full server users", async () => {
    const server = serverApp()
    const alice = await server.createUser({ primaryEmail: uniqueEmail("official-member"), displayName: "Alice" })
    const bob = await server.createUser({ primaryEmail: uniqueEmail("official-member") })
    const team = await server.createTeam({ displayName: "Official SDK server team", creatorUserId: alice.id })
    await team.addUser(bob.id)
    const members = await team.listUsers()
    expect(members.map((m) => m.id).sort()).toEqual([alice.id, bob.id].sort())
    const member = members.find((m) => m.id === alice.id)
    // The SDK builds each member from the nested user exactly as from GET /users/{id}.
    expect(member?.primaryEmail).toBe(alice.primaryEmail)
    expect(member?.teamProfile.displayName).toBe("Alice")
    expect(member?.riskScores.signUp.bot).toBe(0)
    expect(member?.riskScores.signUp.freeTrialAbuse).toBe(0)
    expect(member?.countryCode).toBeNull()
    await team.removeUser(bob.id)
    expect((await team.listUsers()).map((m) => m.id)).toEqual([alice.id])
  })

  it("invites to a server team, lists and revokes the invitation", async () => {
    const server = serverApp()
    const team = await server.createTeam({ displayName: "Official SDK invitations" })
    const email = uniqueEmail("official-invitee")
    await team.inviteUser({ email, callbackUrl: "http://localhost:3000/handler/team-invitation" })
    const invitations = await team.listInvitations()
    expect(invitations.map((i) => i.recipientEmail)).toEqual([email])
    expect(invitations[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now())
    await invitations[0]?.revoke()
    expect(await team.listInvitations()).toEqual([])
  })

  it("manages a user's contact channels from the server", async () => {
    const server = serverApp()
    const user = await server.createUser({ primaryEmail: uniqueEmail("official-channels") })
    const extra = uniqueEmail("official-extra")
    const created = await user.createContactChannel({ type: "email", value: extra, usedForAuth: false })
    expect(created).toMatchObject({
      type: "email",
      value: extra,
      isPrimary: false,
      isVerified: false,
      usedForAuth: false
    })
    const channels = await user.listContactChannels()
    expect(channels.map((c) => c.value).sort()).toEqual([user.primaryEmail, extra].sort())
    await created.update({ isVerified: true })
    expect((await user.listContactChannels()).find((c) => c.id === created.id)?.isVerified).toBe(true)
    await created.delete()
    expect((await user.listContactChannels()).map((c) => c.value)).toEqual([user.primaryEmail])
  })

  it("signs up an anonymous user, reads it only when asked, and lists it only with includeAnonymous", async () => {
    const app = clientApp()
    // The SDK sends the anonymous header on every request and filters on its side.
    expect(await app.getUser()).toBeNull()
    const anonymous = await app.getUser({ or: "anonymous" })
    expect(anonymous.isAnonymous).toBe(true)
    expect(anonymous.isRestricted).toBe(true)
    expect(anonymous.restrictedReason).toEqual({ type: "anonymous" })
    expect(anonymous.primaryEmail).toBeNull()
    expect(await app.getUser()).toBeNull()
    expect((await app.getUser({ or: "anonymous" })).id).toBe(anonymous.id)
    const server = serverApp()
    expect((await server.listUsers({ limit: 500 })).map((u) => u.id)).not.toContain(anonymous.id)
    expect((await server.listUsers({ limit: 500, includeAnonymous: true })).map((u) => u.id)).toContain(anonymous.id)
    const onlyAnonymous = await server.listUsers({ limit: 500, includeAnonymous: true, onlyAnonymous: true })
    expect(onlyAnonymous.map((u) => u.id)).toContain(anonymous.id)
    expect(onlyAnonymous.every((u) => u.isAnonymous)).toBe(true)
  })

  it("reads a restricted user only with includeRestricted, and lists it only when asked", async () => {
    const server = serverApp()
    const email = uniqueEmail("official-restricted")
    const password = "official-sdk-password-4"
    const created = await server.createUser({ primaryEmail: email, password, primaryEmailAuthEnabled: true })
    expect(created.isRestricted).toBe(false)
    await created.update({
      restrictedByAdmin: true,
      restrictedByAdminReason: "Spam",
      restrictedByAdminPrivateDetails: "rule 7"
    })
    const updated = await server.getUser(created.id)
    expect(updated?.isRestricted).toBe(true)
    expect(updated?.restrictedByAdmin).toBe(true)
    expect(updated?.restrictedByAdminPrivateDetails).toBe("rule 7")
    const app = clientApp()
    expect((await app.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok")
    expect(await app.getUser()).toBeNull()
    const restricted = await app.getUser({ includeRestricted: true })
    expect(restricted?.id).toBe(created.id)
    expect(restricted?.restrictedReason).toEqual({ type: "restricted_by_administrator" })
    expect((await server.listUsers({ limit: 500 })).map((u) => u.id)).not.toContain(created.id)
    expect((await server.listUsers({ limit: 500, includeRestricted: true })).map((u) => u.id)).toContain(created.id)
  })

  it("creates, lists and revokes project API keys as an admin app", async () => {
    const project = backend.internal()
    const admin = adminApp(project)
    const created = await admin.createInternalApiKey({
      description: "official SDK key",
      expiresAt: new Date(Date.now() + 86_400_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false
    })
    expect(created.publishableClientKey).toMatch(/^pck_/)
    // The service leaves a key the set does not have out of its answer (internal/api-keys), so the SDK reads none.
    expect(created.superSecretAdminKey).toBeUndefined()
    const listed = (await admin.listInternalApiKeys()).find((k) => k.id === created.id)
    expect(listed?.description).toBe("official SDK key")
    expect(listed?.secretServerKey?.lastFour).toBe(created.secretServerKey?.slice(-4))
    expect(listed?.isValid()).toBe(true)
    await listed?.revoke()
    expect((await admin.listInternalApiKeys()).find((k) => k.id === created.id)?.whyInvalid()).toBe("manually-revoked")
  })

  it("reads and updates its project as an admin app: sign-up, trusted domains, the rest of the config", async () => {
    const project = await backend.createProject({ displayName: "Official SDK admin" })
    const admin = adminApp(project)
    const before = await admin.getProject()
    expect(before.id).toBe(project.id)
    expect(before.displayName).toBe("Official SDK admin")
    expect(before.ownerTeamId).toBe(project.owner?.teamId)
    expect(before.config.signUpEnabled).toBe(true)
    expect(before.config.domains).toEqual([])
    expect(before.config.emailTheme).toBe("1df07ae6-abf3-4a40-83a5-a1a2cbe336ac")

    await before.update({
      displayName: "Renamed by the SDK",
      description: "admin app",
      config: { signUpEnabled: false }
    })
    const closed = await admin.getProject()
    expect(closed.displayName).toBe("Renamed by the SDK")
    expect(closed.description).toBe("admin app")
    expect(closed.config.signUpEnabled).toBe(false)
    // The client view every app reads agrees.
    const viewer = new StackClientApp({
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      baseUrl: backend.localBackend().url,
      tokenStore: "memory"
    })
    // The SDK throws this known error rather than returning it.
    await expect(
      viewer.signUpWithCredential({
        email: uniqueEmail("official-closed"),
        password: "official-sdk-password-4",
        noRedirect: true,
        verificationCallbackUrl: CALLBACK
      })
    ).rejects.toMatchObject({ errorCode: "SIGN_UP_NOT_ENABLED" })

    await closed.update({ config: { signUpEnabled: true } })
    expect((await admin.getProject()).config.signUpEnabled).toBe(true)

    // Trusted domains: the list written replaces the project's list.
    const appDomain = { domain: "https://app.example.com", handlerPath: "/handler" }
    const adminDomain = { domain: "https://admin.example.com", handlerPath: "/auth" }
    await (await admin.getProject()).update({ config: { domains: [appDomain, adminDomain] } })
    const withDomains = await admin.getProject()
    // Read back sorted by domain, as the service sorts them.
    expect(withDomains.config.domains).toEqual([adminDomain, appDomain])
    await withDomains.update({ config: { domains: [appDomain] } })
    expect((await admin.getProject()).config.domains).toEqual([appDomain])

    await (
      await admin.getProject()
    ).update({
      config: {
        oauthProviders: [{ id: "github", type: "shared" }],
        allowLocalhost: false,
        oauthAccountMergeStrategy: "raise_error"
      }
    })
    const last = await admin.getProject()
    expect(last.config.oauthProviders).toEqual([{ id: "github", type: "shared" }])
    expect(last.config.allowLocalhost).toBe(false)
    expect(last.config.oauthAccountMergeStrategy).toBe("raise_error")
  })

  it("lists, creates, updates and deletes email templates as an admin app", async () => {
    // Editing templates needs the project's own SMTP server, as on the hosted service.
    const project = await backend.createProject({
      config: {
        email_config: {
          type: "standard",
          host: "127.0.0.1",
          port: 1,
          username: "mailer",
          password: "smtp-secret",
          sender_name: "SDK App",
          sender_email: "noreply@sdk.example"
        }
      }
    })
    const admin = adminApp(project)
    const defaults = await admin.listEmailTemplates()
    expect(defaults.map((t) => t.displayName)).toEqual([
      "Email Verification",
      "Password Reset",
      "Magic Link/OTP",
      "Team Invitation",
      "Sign In Invitation",
      "Payment Receipt",
      "Payment Failed"
    ])
    const magicLink = defaults.find((t) => t.id === "822687fe-8d0a-4467-a0d1-416b6e639478")
    expect(magicLink?.themeId).toBeUndefined()

    const source = (magicLink?.tsxSource ?? "").replace(
      "Sign in to {project.displayName}",
      "Welcome back to {project.displayName}"
    )
    const { renderedHtml } = await admin.updateEmailTemplate(magicLink?.id ?? "", source, false)
    expect(renderedHtml).toContain("Welcome back to My Project")
    const updated = (await admin.listEmailTemplates()).find((t) => t.id === magicLink?.id)
    expect(updated?.tsxSource).toBe(source)
    expect(updated?.themeId).toBe(false)

    const { id } = await admin.createEmailTemplate("Newsletter")
    expect((await admin.listEmailTemplates()).find((t) => t.id === id)).toMatchObject({
      displayName: "Newsletter",
      themeId: null
    })
    await admin.deleteEmailTemplate(id)
    expect((await admin.listEmailTemplates()).map((t) => t.id)).not.toContain(id)

    // On the shared email server (the seeded project), the SDK gets the service's known error.
    const internal = backend.internal()
    const sharedAdmin = adminApp(internal)
    await expect(sharedAdmin.createEmailTemplate("Refused")).rejects.toMatchObject({
      errorCode: "REQUIRES_CUSTOM_EMAIL_SERVER"
    })
  })
})
