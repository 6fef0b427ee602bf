/**
 * The edge checks as a pure function: ordinary JSON passes untouched, and each kind of unstorable or
 * oversized input is reported at its own path, however it is buried.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import {
  inputProblems,
  MAX_JSON_DEPTH,
  MAX_METADATA_BYTES,
  MAX_STRING_LENGTH
} from "../../../backend/src/http/input-limits.js"

/** JSON as a client sends it: well-formed text, small, shallow. */
// oxlint-disable-next-line no-control-regex -- U+0000 is what this looks for
const ordinaryJson = fc.jsonValue({ maxDepth: 6 }).filter((value) => !/\u0000/.test(JSON.stringify(value)))

/** A value with `leaf` put at the end of `keys`, and the path the report should name. */
const buried = (keys: ReadonlyArray<string>, leaf: unknown): { readonly value: unknown; readonly path: string } => ({
  value: keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf),
  path: ["body", ...keys].join(".")
})

const plainKey = fc.stringMatching(/^[a-z_]{1,8}$/)

describe("inputProblems", () => {
  it("finds nothing in ordinary JSON", () => {
    fc.assert(
      fc.property(ordinaryJson, (value) => {
        assert.deepStrictEqual(inputProblems("body", value), [])
      }),
      { numRuns: 200 }
    )
  })

  it("reports a NUL or an unpaired surrogate at the path of the string that holds it", () => {
    fc.assert(
      fc.property(
        fc.array(plainKey, { minLength: 1, maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff"),
        fc.string({ maxLength: 5 }),
        (keys, before, bad, after) => {
          // A high surrogate followed by a low one is a pair, not a problem: keep the neighbours plain.
          const text = `${before.replace(/\p{Cs}/gu, "")}x${bad}x${after.replace(/\p{Cs}/gu, "")}`
          const { path, value } = buried(keys, text)
          const problems = inputProblems("body", value)
          assert.lengthOf(problems, 1)
          assert.isTrue(problems[0]?.startsWith(`${path}: `), problems[0])
        }
      ),
      { numRuns: 100 }
    )
  })

  it("reports a bad key at the path of the object that holds it", () => {
    const { value } = buried(["a", "b"], { "k\u0000": 1 })
    assert.deepStrictEqual(inputProblems("body", value), [
      "body.a.b: a key must not contain the NUL character (U+0000)"
    ])
  })

  it("accepts surrogate pairs", () => {
    assert.deepStrictEqual(inputProblems("body", { name: "\ud83d\ude00", "\ud83d\ude00": "\u{1F600}" }), [])
  })

  it("limits nesting, string length, numbers and metadata size", () => {
    const nested = (levels: number): unknown =>
      Array.from({ length: levels - 1 }).reduce<unknown>((inner) => [inner], [])
    assert.deepStrictEqual(inputProblems("body", nested(MAX_JSON_DEPTH)), [])
    assert.deepStrictEqual(inputProblems("body", nested(MAX_JSON_DEPTH + 1)), [
      `body: must not nest deeper than ${MAX_JSON_DEPTH} levels`
    ])
    // Deep enough to overflow a recursive walk: this one keeps going.
    assert.lengthOf(inputProblems("body", nested(200_000)), 1)

    assert.deepStrictEqual(inputProblems("query", { q: "a".repeat(MAX_STRING_LENGTH) }), [])
    assert.deepStrictEqual(inputProblems("query", { q: "a".repeat(MAX_STRING_LENGTH + 1) }), [
      `query.q: must be at most ${MAX_STRING_LENGTH} characters long`
    ])
    assert.deepStrictEqual(inputProblems("body", { n: [1, Infinity] }), ["body.n.1: must be a finite number"])

    const metadata = (bytes: number) => ({ v: "m".repeat(bytes - '{"v":""}'.length) })
    assert.deepStrictEqual(inputProblems("body", { server_metadata: metadata(MAX_METADATA_BYTES) }), [])
    assert.deepStrictEqual(inputProblems("body", { server_metadata: metadata(MAX_METADATA_BYTES + 1) }), [
      `body.server_metadata: must be at most ${MAX_METADATA_BYTES} bytes of JSON`
    ])
    // Other fields may be larger: only the metadata fields have their own limit.
    assert.deepStrictEqual(inputProblems("body", { content: metadata(MAX_METADATA_BYTES + 1) }), [])
  })

  it("reports at most ten problems, once each", () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "\u0000"]))
    assert.lengthOf(inputProblems("body", many), 10)
    const deepSiblings = Array.from({ length: 20 }, () =>
      Array.from({ length: MAX_JSON_DEPTH }).reduce<unknown>((inner) => [inner], [])
    )
    assert.deepStrictEqual(inputProblems("body", deepSiblings), [
      `body: must not nest deeper than ${MAX_JSON_DEPTH} levels`
    ])
  })
})
