/**
 * What one instance announces of a write and another reads back (backend/src/store/change-announcement.ts), and
 * the public URLs a request's base URL is chosen from (backend/src/config.ts).
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { decodeAnnouncement, encodeAnnouncement } from "../../../backend/src/store/change-announcement.js"
import { normalizePublicUrls, publicBaseUrl } from "../../../backend/src/config.js"

describe("change announcements", () => {
  it("read back as written: the instance, and the keys or none for anything (property)", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.option(fc.array(fc.string(), { maxLength: 20 }), { nil: undefined }), (id, keys) => {
        const payload = encodeAnnouncement(id, keys)
        assert.isBelow(Buffer.byteLength(payload), 8000)
        assert.deepStrictEqual(decodeAnnouncement(payload), { instance: id, keys })
      })
    )
  })

  it("announce too many keys as anything, within PostgreSQL's payload limit", () => {
    const keys = Array.from({ length: 1_000 }, (_, i) => `user:project:${i}`)
    const payload = encodeAnnouncement("me", keys)
    assert.isBelow(Buffer.byteLength(payload), 8000)
    assert.deepStrictEqual(decodeAnnouncement(payload), { instance: "me", keys: undefined })
  })

  it("read a payload no stackfx process wrote as unknown", () => {
    for (const payload of [undefined, "", "{", "[]", '{"instance":1,"keys":null}']) {
      assert.isUndefined(decodeAnnouncement(payload), String(payload))
    }
  })
})

describe("public URLs", () => {
  it("are http(s) URLs without query or fragment, kept without trailing slashes", () => {
    assert.deepStrictEqual(normalizePublicUrls(["https://a.example.com/", "http://b:8102/auth/, https://c"]), {
      urls: ["https://a.example.com", "http://b:8102/auth", "https://c"]
    })
    assert.deepStrictEqual(normalizePublicUrls(undefined), { urls: [] })
    for (const bad of ["ftp://a", "https://a/?q", "https://a/#f", "not a url"]) {
      assert.deepStrictEqual(normalizePublicUrls(bad), { invalid: bad })
    }
  })

  it("give a request the one it came in on, else the first; without any, the request's own", () => {
    const urls = ["https://auth.example.com", "http://10.0.0.5:8102"]
    assert.strictEqual(publicBaseUrl(urls, "http://10.0.0.5:8102"), "http://10.0.0.5:8102")
    assert.strictEqual(publicBaseUrl(urls, "http://127.0.0.1:8102"), "https://auth.example.com")
    assert.strictEqual(publicBaseUrl(urls, undefined), "https://auth.example.com")
    assert.strictEqual(publicBaseUrl([], "http://127.0.0.1:8102"), "http://127.0.0.1:8102")
  })
})
