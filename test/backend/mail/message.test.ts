import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import fc from "fast-check"
import { escapeHtml, htmlToText } from "../../../backend/src/mail/html.js"
import { buildTemplateEmail, defaultSender, formatMailbox, mailboxOf } from "../../../backend/src/mail/message.js"
import { defaultTemplates } from "../../../backend/src/mail/default-templates.js"
import { buildCodeLink, renderEmail } from "../../../backend/src/mail/templates.js"

const base = {
  to: "ada@example.com",
  sender: defaultSender,
  projectDisplayName: "Demo App",
  userDisplayName: "Ada",
  code: "abc123"
} as const

describe("buildCodeLink", () => {
  it.effect("adds the code and keeps the callback's own query", () =>
    Effect.gen(function* () {
      const link = yield* buildCodeLink("http://localhost:3000/handler/email-verification?after=%2Fhome", "c0de")
      const url = new URL(link)
      assert.strictEqual(url.pathname, "/handler/email-verification")
      assert.strictEqual(url.searchParams.get("code"), "c0de")
      assert.strictEqual(url.searchParams.get("after"), "/home")
    })
  )

  it.effect("replaces a code already in the callback URL", () =>
    Effect.map(buildCodeLink("https://app.example.com/cb?code=old", "new"), (link) =>
      assert.strictEqual(new URL(link).searchParams.getAll("code").join(","), "new")
    )
  )

  it.effect("refuses a callback that is not a URL", () =>
    Effect.map(Effect.exit(buildCodeLink("not a url", "x")), (exit) => {
      assert.isTrue(Exit.isFailure(exit))
    })
  )
})

describe("buildTemplateEmail", () => {
  it.effect("each type has its default subject and a link with the code", () =>
    Effect.gen(function* () {
      for (const type of ["email_verification", "password_reset", "magic_link", "team_invitation"] as const) {
        const mail = yield* buildTemplateEmail({
          ...base,
          type,
          callbackUrl: `http://localhost:3000/handler/${type}`,
          teamDisplayName: "Rocket Team",
          otp: type === "magic_link" ? "K7QZ2M" : undefined
        })
        const link = `http://localhost:3000/handler/${type}?code=abc123`
        assert.include(mail.html, `href="${link}"`, type)
        assert.include(mail.text, link, type)
        // The hosted invitation subject names only the team.
        assert.include(mail.subject, type === "team_invitation" ? "Rocket Team" : "Demo App", type)
        assert.strictEqual(mail.to, "ada@example.com")
        assert.strictEqual(mail.from, `"Stack Auth (local)" <noreply@example.com>`)
      }
    })
  )

  it.effect("a team invitation names the team and the user", () =>
    Effect.gen(function* () {
      const mail = yield* buildTemplateEmail({
        ...base,
        type: "team_invitation",
        callbackUrl: "http://localhost:3000/handler/team-invitation",
        teamDisplayName: "Rocket Team"
      })
      assert.strictEqual(mail.subject, "You have been invited to join Rocket Team")
      assert.include(mail.text, "You are invited to Rocket Team")
      assert.include(mail.text, "Hi, Ada! Please click on the following button to join the team Rocket Team")
    })
  )

  it.effect('without a display name the greeting is a bare "Hi!", as the hosted templates\' condition gives', () =>
    Effect.map(
      buildTemplateEmail({
        ...base,
        userDisplayName: null,
        type: "password_reset",
        callbackUrl: "http://localhost/cb"
      }),
      (mail) =>
        assert.include(mail.text, "Hi! Please click on the following button to start the password reset process.")
    )
  )

  it.effect("values are escaped in HTML, raw in text, and never break the subject line", () =>
    Effect.gen(function* () {
      const mail = yield* buildTemplateEmail({
        ...base,
        type: "email_verification",
        projectDisplayName: "Evil\r\nBcc: x@y.z <script>",
        userDisplayName: "<img src=x onerror=alert(1)>",
        callbackUrl: "http://localhost/cb"
      })
      assert.notInclude(mail.html, "<img src=x")
      assert.include(mail.html, "&lt;img src=x onerror=alert(1)&gt;")
      assert.include(mail.text, "Hi, <img src=x onerror=alert(1)>!")
      assert.notInclude(mail.subject, "\n")
      assert.notInclude(mail.subject, "\r")
    })
  )

  it.effect("a project's TSX template replaces the default; its Subject is the subject", () =>
    Effect.map(
      buildTemplateEmail({
        ...base,
        type: "magic_link",
        callbackUrl: "http://localhost/magic",
        otp: "ABC123",
        tsxSource: `
          import { type } from "arktype"
          export const variablesSchema = type({ magicLink: "string", otp: "string" })
          export function EmailTemplate({ user, project, variables }) {
            return (
              <>
                <Subject value={\`Code \${variables.otp} for \${project.displayName}\`} />
                <NotificationCategory value="Transactional" />
                <p>{variables.magicLink} {user.displayName}!</p>
              </>
            )
          }`
      }),
      (mail) => {
        assert.strictEqual(mail.subject, "Code ABC123 for Demo App")
        assert.include(mail.html, "<p>http://localhost/magic?code=abc123 Ada!</p>")
      }
    )
  )

  it.effect("a template that does not render, or sets no subject, is not sent", () =>
    Effect.gen(function* () {
      const broken = yield* Effect.flip(
        buildTemplateEmail({
          ...base,
          type: "password_reset",
          callbackUrl: "http://localhost/reset",
          tsxSource: "export function EmailTemplate() { return <script>alert(1)</script> }"
        })
      )
      assert.strictEqual(broken._tag, "TemplateNotRendered")
      const subjectless = yield* Effect.flip(
        buildTemplateEmail({
          ...base,
          type: "password_reset",
          callbackUrl: "http://localhost/reset",
          tsxSource: "export function EmailTemplate() { return <p>hi</p> }"
        })
      )
      assert.deepStrictEqual(
        subjectless._tag === "TemplateNotRendered" && subjectless.error,
        "Subject is required, import it from @hexclave/emails (or the legacy @stackframe/emails)"
      )
    })
  )

  it("every default template uses its own link variable", () => {
    assert.include(defaultTemplates.email_verification.tsxSource, "variables.emailVerificationLink")
    assert.include(defaultTemplates.password_reset.tsxSource, "variables.passwordResetLink")
    assert.include(defaultTemplates.magic_link.tsxSource, "variables.magicLink")
    assert.include(defaultTemplates.team_invitation.tsxSource, "variables.teamInvitationLink")
    assert.include(defaultTemplates.sign_in_invitation.tsxSource, "variables.signInInvitationLink")
  })
})

describe("default templates, laid out as the hosted service's", () => {
  const render = (type: "email_verification" | "password_reset" | "magic_link" | "team_invitation") =>
    buildTemplateEmail({
      ...base,
      type,
      callbackUrl: "http://localhost:3000/handler/cb",
      teamDisplayName: "Rocket Team",
      otp: type === "magic_link" ? "K7QZ2M" : undefined
    })
  const link = "http://localhost:3000/handler/cb?code=abc123"
  const lines = (text: string) => text.split("\n").map((line) => line.trim())

  // Subjects, headings and sentences are the hosted defaults, word for word.
  const facts = [
    [
      "email_verification",
      "Verify your email at Demo App",
      "Verify your email at Demo App",
      "Hi, Ada! Please click on the following button to verify your email."
    ],
    [
      "password_reset",
      "Reset your password at Demo App",
      "Reset your password at Demo App",
      "Hi, Ada! Please click on the following button to start the password reset process."
    ],
    [
      "magic_link",
      "Sign in to Demo App: Your code is K7QZ2M",
      "Sign in to Demo App",
      "Hi, Ada! This is your one-time-password for signing in:"
    ],
    [
      "team_invitation",
      "You have been invited to join Rocket Team",
      "You are invited to Rocket Team",
      "Hi, Ada! Please click on the following button to join the team Rocket Team"
    ]
  ] as const

  for (const [type, subject, heading, greeting] of facts) {
    it.effect(`${type}: hosted subject and heading, one link, the hosted closing line`, () =>
      Effect.map(render(type), (mail) => {
        assert.strictEqual(mail.subject, subject)
        const text = lines(mail.text)
        assert.strictEqual(text[0], heading)
        assert.include(text, greeting)
        assert.strictEqual(mail.text.split(link).length - 1, 1, `the text carries the link once:\n${mail.text}`)
        assert.strictEqual(mail.html.split(`href="${link}"`).length - 1, 1, "the markup links it once")
        assert.strictEqual(text.at(-1), "If you were not expecting this email, you can safely ignore it.")
      })
    )
  }

  it.effect("the sign-in mail has its code on a line of its own, then the link", () =>
    Effect.map(render("magic_link"), (mail) => {
      const text = lines(mail.text)
      const at = text.indexOf("K7QZ2M")
      assert.isAbove(at, 0, mail.text)
      assert.strictEqual(
        text.slice(at + 1).find((line) => line !== ""),
        `Or you can click on this link ${link} to sign in`
      )
    })
  )
})

describe("addresses", () => {
  it("mailboxOf takes the lower-cased local part", () => {
    assert.strictEqual(mailboxOf("Ada.L@Example.com"), "ada.l")
    assert.strictEqual(mailboxOf(`"Ada" <Ada@example.com>`), "ada")
    assert.strictEqual(mailboxOf("bob"), "bob")
  })

  it("formatMailbox quotes the name", () => {
    assert.strictEqual(formatMailbox({ name: `Say "hi"`, email: "a@b.c" }), `"Say \\"hi\\"" <a@b.c>`)
    assert.strictEqual(formatMailbox({ name: "", email: "a@b.c" }), "a@b.c")
  })
})

describe("html helpers", () => {
  it("escapeHtml leaves no markup characters, and htmlToText undoes it (property)", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/\s/.test(s)),
        (s) => {
          const escaped = escapeHtml(s)
          return !/[<>"'`]/.test(escaped) && htmlToText(escaped) === s
        }
      )
    )
  })

  it("htmlToText keeps link targets and paragraph breaks", () => {
    assert.strictEqual(
      htmlToText(`<h1>Hi</h1><p>Go <a href="http://x/?a=1&amp;b=2">here</a></p><p>bye</p>`),
      "Hi\nGo here http://x/?a=1&b=2\nbye"
    )
  })

  it.effect("renderEmail text has no tags", () =>
    Effect.map(
      renderEmail("email_verification", defaultTemplates.email_verification.tsxSource, {
        projectDisplayName: "P",
        userDisplayName: null,
        link: "http://l/"
      }),
      (r) => assert.notMatch(r.text, /<[a-z]/i)
    )
  )
})
