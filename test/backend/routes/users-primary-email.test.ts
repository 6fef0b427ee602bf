/**
 * A user's primary e-mail and its contact channel, as the service's users route writes them (issue 36, §3;
 * `apps/backend/src/app/api/latest/users/crud.tsx` of hexclave/hexclave): removing the primary e-mail keeps the
 * address as a non-primary channel, a changed one demotes the old, the flags without an address are refused,
 * the auth flag defaults to the current channel's (so a guest given an address does not sign in with it), and an
 * address another channel signs in with is CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE. Over HTTP.
 */
import { assert, describe, it } from "vitest"
import { type TestProject, uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const patchUser = (project: TestProject, userId: string, body: Record<string, unknown>) =>
  backend.call(project, "PATCH", `/users/${userId}`, { accessType: "server", body })

const channels = async (project: TestProject, userId: string) => {
  const list = await backend.call(project, "GET", `/contact-channels?user_id=${userId}`, { accessType: "server" })
  assert.strictEqual(list.status, 200, list.text)
  return (list.body.items as ReadonlyArray<{ value: string; is_primary: boolean; used_for_auth: boolean }>)
    .map((c) => ({ value: c.value, is_primary: c.is_primary, used_for_auth: c.used_for_auth }))
    .sort((a, b) => a.value.localeCompare(b.value))
}

const takenBody = (email: string) => ({
  code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  details: { type: "email", contact_channel_value: email, would_work_if_email_was_verified: false },
  error: `This email "(${email})" is already used for authentication by another account.`
})

describe("a user's primary e-mail", () => {
  it("set to null stays as a non-primary channel; a new one demotes the old", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const other = uniqueEmail("second")
    const changed = await patchUser(project, user.userId, { primary_email: other })
    assert.strictEqual(changed.status, 200, changed.text)
    assert.strictEqual(changed.body.primary_email, other)
    assert.isTrue(changed.body.primary_email_auth_enabled)
    assert.isFalse(changed.body.primary_email_verified)
    assert.deepStrictEqual(
      await channels(project, user.userId),
      [
        { value: user.email, is_primary: false, used_for_auth: true },
        { value: other, is_primary: true, used_for_auth: true }
      ].sort((a, b) => a.value.localeCompare(b.value))
    )

    const removed = await patchUser(project, user.userId, { primary_email: null, primary_email_auth_enabled: true })
    assert.strictEqual(removed.status, 200, removed.text)
    assert.strictEqual(removed.body.primary_email, null)
    assert.isFalse(removed.body.primary_email_verified)
    assert.isFalse(removed.body.primary_email_auth_enabled)
    assert.deepStrictEqual(
      (await channels(project, user.userId)).map((c) => [c.value, c.is_primary]),
      [user.email, other].sort().map((value) => [value, false])
    )
  })

  it("refuses the verified and auth flags without an address, and leaves auth off for a guest given one", async () => {
    const project = await backend.createProject()
    const guest = await backend.call(project, "POST", "/auth/anonymous/sign-up", { body: {} })
    assert.strictEqual(guest.status, 200, guest.text)
    const guestId: string = guest.body.user_id
    const verified = await patchUser(project, guestId, { primary_email_verified: true })
    assert.strictEqual(verified.status, 400)
    assert.strictEqual(verified.text, "primary_email_verified cannot be true without primary_email")
    const auth = await patchUser(project, guestId, { primary_email_auth_enabled: true })
    assert.strictEqual(auth.status, 400)
    assert.strictEqual(auth.text, "primary_email_auth_enabled cannot be true without primary_email")

    const email = uniqueEmail("guest")
    const given = await patchUser(project, guestId, { primary_email: email })
    assert.strictEqual(given.status, 200, given.text)
    assert.strictEqual(given.body.primary_email, email)
    assert.isFalse(given.body.primary_email_auth_enabled)
    assert.isFalse(given.body.primary_email_verified)
  })

  it("is CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE where another channel signs in with it", async () => {
    const project = await backend.createProject()
    const first = await backend.signUp(project)
    const again = await backend.call(project, "POST", "/auth/password/sign-up", {
      body: { email: first.email, password: "a-long-password-2" }
    })
    assert.strictEqual(again.status, 409)
    assert.deepStrictEqual(again.body, takenBody(first.email))

    const second = await backend.signUp(project)
    const taken = await patchUser(project, second.userId, { primary_email: first.email })
    assert.deepStrictEqual(taken.body, takenBody(first.email))
    const created = await backend.call(project, "POST", "/users", {
      accessType: "server",
      body: { primary_email: first.email, primary_email_auth_enabled: true }
    })
    assert.deepStrictEqual(created.body, takenBody(first.email))
    // Nobody signs in with it once it is not for sign-in: an address may be shared then.
    const shared = await patchUser(project, second.userId, {
      primary_email: first.email,
      primary_email_auth_enabled: false
    })
    assert.strictEqual(shared.status, 200, shared.text)
  })
})
