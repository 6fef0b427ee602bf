/**
 * The wire promise of the local backend: a client of the hosted service, changed only in its base URL,
 * signs up, signs in, refreshes and manages teams. The official `@stackframe/js` SDK is that client.
 */
import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js"
import { describe, expect, it } from "vitest"
import { uniqueEmail, useEmulator } from "../support/emulator.js"

// Access tokens live 22 s here; the SDK wants 20 s of validity left, so it has to refresh within a test.
const backend = useEmulator({ accessTokenLifetimeSeconds: 22 })
const CALLBACK = "http://localhost:3000/handler/email-verification"

const serverApp = () => {
  const project = backend.internal()
  return new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    secretServerKey: project.secretServerKey,
    baseUrl: backend.emulator().url,
    tokenStore: "memory"
  })
}

const clientApp = () => {
  const project = backend.internal()
  return new StackClientApp({
    projectId: project.id,
    publishableClientKey: project.publishableClientKey,
    baseUrl: backend.emulator().url,
    tokenStore: "memory"
  })
}

describe("@stackframe/js against the local backend", () => {
  it("signs up, reads the user, signs out and signs in again", async () => {
    const app = clientApp()
    const email = uniqueEmail("official")
    const password = "official-sdk-password-1"
    const signUp = await app.signUpWithCredential({ email, password, noRedirect: true, verificationCallbackUrl: CALLBACK })
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
    await app.signUpWithCredential({ email: uniqueEmail("official-teams"), password: "official-sdk-password-2", noRedirect: true, verificationCallbackUrl: CALLBACK })
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
    expect(created).toMatchObject({ type: "email", value: extra, isPrimary: false, isVerified: false, usedForAuth: false })
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
    await created.update({ restrictedByAdmin: true, restrictedByAdminReason: "Spam", restrictedByAdminPrivateDetails: "rule 7" })
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
    const admin = new StackAdminApp({
      projectId: project.id,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      superSecretAdminKey: project.superSecretAdminKey,
      baseUrl: backend.emulator().url,
      tokenStore: "memory"
    })
    const created = await admin.createInternalApiKey({
      description: "official SDK key",
      expiresAt: new Date(Date.now() + 86_400_000),
      hasPublishableClientKey: true,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false
    })
    expect(created.publishableClientKey).toMatch(/^pck_/)
    expect(created.superSecretAdminKey).toBeNull()
    const listed = (await admin.listInternalApiKeys()).find((k) => k.id === created.id)
    expect(listed?.description).toBe("official SDK key")
    expect(listed?.secretServerKey?.lastFour).toBe(created.secretServerKey?.slice(-4))
    expect(listed?.isValid()).toBe(true)
    await listed?.revoke()
    expect((await admin.listInternalApiKeys()).find((k) => k.id === created.id)?.whyInvalid()).toBe("manually-revoked")
  })
})
