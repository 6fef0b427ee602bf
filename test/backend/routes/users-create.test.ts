import { assert, describe, it } from "@effect/vitest"
import * as bcrypt from "bcryptjs"
import { uniqueEmail, useKitBackend } from "../../support/local-backend.js"

const backend = useKitBackend()

const createUser = (project: Parameters<typeof backend.call>[0], body: unknown) =>
  backend.call(project, "POST", "/users", { accessType: "server", body })

describe("POST /users (server)", () => {
  it("imports a bcrypt password hash the user then signs in with", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail()
    const created = await createUser(project, {
      primary_email: email,
      primary_email_auth_enabled: true,
      password_hash: bcrypt.hashSync("hello-world", 4)
    })
    assert.strictEqual(created.status, 201, created.text)
    assert.strictEqual(created.body.has_password, true)
    assert.strictEqual(created.body.auth_with_email, true)
    const signIn = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "hello-world" }
    })
    assert.strictEqual(signIn.status, 200, signIn.text)
    assert.strictEqual(signIn.body.user_id, created.body.id)
    const wrong = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "hello-world!" }
    })
    assert.strictEqual(wrong.knownError, "EMAIL_PASSWORD_MISMATCH")
  })

  it("a user with an imported hash changes the password to a new one", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail()
    const created = await createUser(project, {
      primary_email: email,
      primary_email_auth_enabled: true,
      password_hash: bcrypt.hashSync("old password", 4)
    })
    const signIn = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "old password" }
    })
    const update = await backend.call(project, "POST", "/auth/password/update", {
      accessToken: signIn.body.access_token,
      body: { old_password: "old password", new_password: "new password" }
    })
    assert.strictEqual(update.status, 200, update.text)
    const again = await backend.call(project, "POST", "/auth/password/sign-in", {
      body: { email, password: "new password" }
    })
    assert.strictEqual(again.body.user_id, created.body.id)
  })

  it("refuses a hash with too many rounds, one that is not bcrypt, and a hash next to a password", async () => {
    const project = await backend.createProject()
    const tooSlow = bcrypt.hashSync("hello-world", 4).replace("$04$", "$17$")
    for (const passwordHash of [tooSlow, "plain text", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA"]) {
      const res = await createUser(project, { primary_email: uniqueEmail(), password_hash: passwordHash })
      assert.strictEqual(res.status, 400)
      assert.strictEqual(
        res.text,
        "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."
      )
    }
    const both = await createUser(project, {
      password: "hello-world",
      password_hash: bcrypt.hashSync("hello-world", 4)
    })
    assert.strictEqual(both.status, 400)
    assert.strictEqual(both.text, "Cannot set both password and password_hash at the same time.")
  })

  it("a primary email is not used for sign-in unless asked, so several users may share it", async () => {
    const project = await backend.createProject()
    const email = uniqueEmail()
    const first = await createUser(project, { primary_email: email })
    assert.strictEqual(first.status, 201)
    assert.strictEqual(first.body.primary_email_auth_enabled, false)
    const second = await createUser(project, { primary_email: email })
    assert.strictEqual(second.status, 201, second.text)
    const withAuth = await createUser(project, { primary_email: email, primary_email_auth_enabled: true })
    assert.strictEqual(withAuth.status, 201, withAuth.text)
    const clash = await createUser(project, { primary_email: email, primary_email_auth_enabled: true })
    assert.strictEqual(clash.status, 409)
    assert.strictEqual(clash.knownError, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
  })

  it("refuses email flags without a primary email", async () => {
    const project = await backend.createProject()
    const auth = await createUser(project, { primary_email_auth_enabled: true })
    assert.strictEqual(auth.status, 400)
    assert.strictEqual(auth.text, "primary_email_auth_enabled cannot be true without primary_email")
    const verified = await createUser(project, { primary_email_verified: true })
    assert.strictEqual(verified.status, 400)
    assert.strictEqual(verified.text, "primary_email_verified cannot be true without primary_email")
  })

  // The service's users route checks only its schema's 70 characters at most (no minimum: that is a sign-up's).
  it("takes any password up to 70 characters and refuses a longer one as a schema error", async () => {
    const project = await backend.createProject()
    for (const password of ["", "1234567", "z".repeat(70)]) {
      const res = await createUser(project, { primary_email: uniqueEmail(), password })
      assert.strictEqual(res.status, 201, JSON.stringify(password))
      assert.strictEqual(res.body.has_password, true)
    }
    const long = await createUser(project, { primary_email: uniqueEmail(), password: "z".repeat(71) })
    assert.strictEqual(long.status, 400)
    assert.strictEqual(long.knownError, "SCHEMA_ERROR")
  })

  it("stores an empty display name as none", async () => {
    const project = await backend.createProject()
    const created = await createUser(project, { display_name: "" })
    assert.strictEqual(created.body.display_name, null)
    const patched = await backend.call(project, "PATCH", `/users/${created.body.id}`, {
      accessType: "server",
      body: { display_name: "" }
    })
    assert.strictEqual(patched.body.display_name, null)
  })

  it("refuses a TOTP secret that is not padded base64, naming the field", async () => {
    const project = await backend.createProject()
    const res = await createUser(project, { totp_secret_base64: "abc" })
    assert.strictEqual(res.status, 400)
    assert.strictEqual(res.knownError, "SCHEMA_ERROR")
    assert.strictEqual(
      res.body.details.message,
      "Request validation failed on POST /api/v1/users:\n  - body.totp_secret_base64 is not valid base64"
    )
    const ok = await createUser(project, { totp_secret_base64: Buffer.from("a totp secret").toString("base64") })
    assert.strictEqual(ok.status, 201, ok.text)
  })
})

describe("profile images set by a client", () => {
  const image = "data:image/gif;base64,R0lGODlhAQABAAAAACw="

  it("only an uploaded image, not a URL, for the user", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const url = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { profile_image_url: "https://img.example/a.png" }
    })
    assert.strictEqual(url.status, 400)
    assert.strictEqual(url.text, "Invalid profile image URL")
    const uploaded = await backend.call(project, "PATCH", "/users/me", {
      accessToken: user.accessToken,
      body: { profile_image_url: image }
    })
    assert.strictEqual(uploaded.body.profile_image_url, image)
    // A server may point at any URL.
    const server = await backend.call(project, "PATCH", `/users/${user.userId}`, {
      accessType: "server",
      body: { profile_image_url: "https://img.example/a.png" }
    })
    assert.strictEqual(server.body.profile_image_url, "https://img.example/a.png")
  })

  it("only an uploaded image for a team the client creates or updates", async () => {
    const project = await backend.createProject({ config: { client_team_creation_enabled: true } })
    const user = await backend.signUp(project)
    const created = await backend.call(project, "POST", "/teams", {
      accessToken: user.accessToken,
      body: { display_name: "T", creator_user_id: "me", profile_image_url: "https://img.example/t.png" }
    })
    assert.strictEqual(created.status, 400)
    assert.strictEqual(created.text, "Invalid profile image URL")
    const team = await backend.call(project, "POST", "/teams", {
      accessToken: user.accessToken,
      body: { display_name: "T", creator_user_id: "me", profile_image_url: image }
    })
    assert.strictEqual(team.status, 201, team.text)
    const patched = await backend.call(project, "PATCH", `/teams/${team.body.id}`, {
      accessToken: user.accessToken,
      body: { profile_image_url: "https://img.example/t.png" }
    })
    assert.strictEqual(patched.status, 400)
    assert.strictEqual(patched.text, "Invalid profile image URL")
  })
})

describe("contact channels that do not exist", () => {
  it("reading answers 404; changing or deleting answers 400", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const missing = "/contact-channels/me/031448ab-178b-4d43-b31b-28f16c3c52a9"
    const read = await backend.call(project, "GET", missing, { accessToken: user.accessToken })
    assert.strictEqual(read.status, 404)
    const removed = await backend.call(project, "DELETE", missing, { accessToken: user.accessToken })
    assert.strictEqual(removed.status, 400)
    assert.strictEqual(removed.text, "Contact channel not found")
    const changed = await backend.call(project, "PATCH", missing, {
      accessToken: user.accessToken,
      body: { value: uniqueEmail() }
    })
    assert.strictEqual(changed.status, 400)
    assert.strictEqual(changed.text, "Contact channel not found")
  })
})
