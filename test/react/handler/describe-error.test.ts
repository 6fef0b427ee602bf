import { assert, describe, it } from "@effect/vitest"
import { HttpError } from "../../../src/errors/client/http-error.js"
import { NetworkError } from "../../../src/errors/client/network-error.js"
import { RedirectNotTrusted } from "../../../src/errors/client/redirect-not-trusted.js"
import { EmailPasswordMismatch, RedirectUrlNotWhitelisted } from "../../../src/errors/known/sign-in.js"
import {
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../../../src/errors/known/verification.js"
import { DEFAULT_DASHBOARD_URL, describeError, domainsFixUrl } from "../../../src/react/handler/describe-error.js"

const where = { projectId: "proj-1", dashboardUrl: DEFAULT_DASHBOARD_URL }
const GENERIC = "Something went wrong. Please try again."

describe("describeError", () => {
  it("shows a known error's own message", () => {
    assert.deepStrictEqual(describeError(new EmailPasswordMismatch({}), where), {
      message: "Wrong e-mail or password."
    })
  })

  it("words the emailed-link and network failures for a person, not a developer", () => {
    assert.strictEqual(
      describeError(new VerificationCodeNotFound({}), where).message,
      "This link is not valid. It may have been replaced by a newer one."
    )
    assert.strictEqual(
      describeError(new VerificationCodeExpired({}), where).message,
      "This link has expired. Please request a new one."
    )
    assert.strictEqual(
      describeError(new VerificationCodeAlreadyUsed({}), where).message,
      "This link has already been used."
    )
    assert.strictEqual(
      describeError(new VerificationCodeMaxAttemptsReached({}), where).message,
      "This code was tried too many times and no longer works. Please request a new one."
    )
    const network = new NetworkError({
      method: "GET",
      url: "https://api.example.com/x",
      causeMessage: "ECONNREFUSED",
      attempts: 3
    })
    assert.deepStrictEqual(describeError(network, where), {
      message: "The server could not be reached. Check your connection and try again."
    })
  })

  it("links untrusted redirect and callback URLs to the project's domain settings", () => {
    const fixUrl = "https://app.hexclave.com/projects/proj-1/domains"
    assert.deepStrictEqual(describeError(new RedirectUrlNotWhitelisted({}), where), {
      message:
        "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Hexclave dashboard?",
      fixUrl
    })
    assert.deepStrictEqual(describeError(new RedirectNotTrusted({ url: "https://evil.example" }), where), {
      message: "Redirect URL https://evil.example is not trusted; should be relative.",
      fixUrl
    })
    assert.strictEqual(
      describeError(new RedirectNotTrusted({ url: "//x" }), {
        projectId: "a/b c",
        dashboardUrl: "http://localhost:8101//"
      }).fixUrl,
      "http://localhost:8101/projects/a%2Fb%20c/domains"
    )
  })

  it("ends every message with a full stop, keeping one that is there", () => {
    const http = new HttpError({
      status: 400,
      body: "Client user deletion is not enabled for this project",
      method: "DELETE",
      url: "/users/me",
      message: "Client user deletion is not enabled for this project"
    })
    assert.strictEqual(describeError(http, where).message, "Client user deletion is not enabled for this project.")
    assert.strictEqual(describeError({ message: "Really?" }, where).message, "Really?")
    assert.strictEqual(describeError({ message: "Stop!" }, where).message, "Stop!")
    assert.strictEqual(describeError(new Error("boom"), where).message, "boom.")
  })

  it("reads a tag that names a member of Object.prototype as any other tag", () => {
    assert.strictEqual(describeError({ _tag: "toString", message: "Odd tag" }, where).message, "Odd tag.")
    assert.strictEqual(describeError({ _tag: "constructor" }, where).message, GENERIC)
  })

  it("says something generic for defects and for values without a message", () => {
    assert.deepStrictEqual(describeError({ _tag: "Defect", cause: new Error("secret internals") }, where), {
      message: GENERIC
    })
    for (const error of [undefined, null, 42, "text", {}, { message: "" }, { message: 7 }, { _tag: 5 }]) {
      assert.deepStrictEqual(describeError(error, where), { message: GENERIC }, JSON.stringify(error))
    }
  })
})

describe("domainsFixUrl", () => {
  it("is the dashboard's /projects/{id}/domains page", () => {
    assert.strictEqual(
      domainsFixUrl(DEFAULT_DASHBOARD_URL, "internal"),
      "https://app.hexclave.com/projects/internal/domains"
    )
    assert.strictEqual(domainsFixUrl("https://dash.example.com/", "p"), "https://dash.example.com/projects/p/domains")
  })
})
