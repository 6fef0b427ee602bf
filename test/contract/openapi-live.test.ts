/**
 * docs/openapi.json against what the local backend answers: real answers of a sample of operations, one per
 * access type and shape of answer (an entity, a list, a project view), fit the response schema the document
 * gives for them (types, required properties, no property the schema does not name).
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { openApiFile } from "../../scripts/contract/openapi.js"
import { type CallOptions, useKitBackend } from "../support/local-backend.js"

const backend = useKitBackend()

interface JsonSchema {
  readonly type?: string | ReadonlyArray<string>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
}

const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value

/** The problems of `value` against the subset of JSON Schema effect's generator writes (empty when it fits). */
const problems = (schema: JsonSchema, value: unknown, at: string): ReadonlyArray<string> => {
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives !== undefined) {
    return alternatives.some((alternative) => problems(alternative, value, at).length === 0)
      ? []
      : [`${at}: fits none of ${alternatives.length} alternatives`]
  }
  if (schema.const !== undefined && schema.const !== value) return [`${at}: is not ${JSON.stringify(schema.const)}`]
  if (schema.enum !== undefined && !schema.enum.includes(value)) return [`${at}: is not one of the enum`]
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type
    const actual = typeOf(value)
    const fits = types.some((type) => type === actual || (type === "integer" && Number.isInteger(value)))
    if (!fits) return [`${at}: is ${actual}, not ${types.join(" or ")}`]
  }
  if (typeOf(value) === "array" && schema.items !== undefined) {
    const items = schema.items
    return (value as ReadonlyArray<unknown>).flatMap((item, index) => problems(items, item, `${at}[${index}]`))
  }
  if (typeOf(value) === "object" && schema.properties !== undefined) {
    const record = value as Readonly<Record<string, unknown>>
    const properties = schema.properties
    const missing = (schema.required ?? []).filter((key) => !(key in record)).map((key) => `${at}.${key}: missing`)
    const extra =
      schema.additionalProperties === false
        ? Object.keys(record)
            .filter((key) => !(key in properties))
            .map((key) => `${at}.${key}: not in the schema`)
        : []
    const nested = Object.entries(record).flatMap(([key, item]) => {
      const property = properties[key]
      return property === undefined ? [] : problems(property, item, `${at}.${key}`)
    })
    return [...missing, ...extra, ...nested]
  }
  return []
}

const document = JSON.parse(readFileSync(openApiFile, "utf8")) as {
  readonly paths: Record<
    string,
    Record<
      string,
      {
        readonly responses: Record<string, { readonly content?: Record<string, { readonly schema: JsonSchema }> }>
        readonly "x-stack-client-response"?: JsonSchema
      }
    >
  >
}

/** The schema of an operation's answer for a view: the document's response (the widest view), or for a client its client view where that differs. */
const responseSchema = (method: string, path: string, client: boolean): JsonSchema => {
  const operation = document.paths[`/api/v1${path}`]?.[method.toLowerCase()]
  const clientView = operation?.["x-stack-client-response"]
  if (client && clientView !== undefined) return clientView
  const ok = operation?.responses["200"] ?? operation?.responses["201"]
  const schema = ok?.content?.["application/json"]?.schema
  if (schema === undefined) throw new Error(`the document has no JSON answer for ${method} ${path}`)
  return schema
}

describe("the OpenAPI document against the local backend's answers", () => {
  it("each sampled answer fits the document's schema of its operation", async () => {
    const project = await backend.createProject()
    const user = await backend.signUp(project)
    const team = await backend.call(project, "POST", "/teams", {
      accessType: "server",
      body: { display_name: "Acme", creator_user_id: user.userId }
    })
    const samples: ReadonlyArray<readonly [string, string, string, CallOptions]> = [
      ["GET", "/users/{user_id}", `/users/${user.userId}`, { accessType: "server" }],
      ["GET", "/users", "/users", { accessType: "server" }],
      ["GET", "/users/me", "/users/me", { accessToken: user.accessToken }],
      ["GET", "/teams/{team_id}", `/teams/${team.body.id}`, { accessType: "server" }],
      ["GET", "/teams", `/teams?user_id=${user.userId}`, { accessType: "server" }],
      ["GET", "/team-member-profiles", `/team-member-profiles?team_id=${team.body.id}`, { accessType: "server" }],
      ["GET", "/contact-channels", `/contact-channels?user_id=${user.userId}`, { accessType: "server" }],
      ["GET", "/auth/sessions", `/auth/sessions?user_id=${user.userId}`, { accessType: "server" }],
      ["GET", "/projects/current", "/projects/current", {}],
      ["GET", "/internal/projects/current", "/internal/projects/current", { accessType: "admin" }]
    ]
    for (const [method, template, path, options] of samples) {
      const answer = await backend.call(project, method, path, options)
      assert.strictEqual(answer.status, 200, `${method} ${path}: ${answer.text.slice(0, 200)}`)
      const client = options.accessType === undefined
      assert.deepStrictEqual(
        problems(responseSchema(method, template, client), answer.body, "answer"),
        [],
        `${method} ${template}`
      )
    }
  })

  it("the check finds a missing property, a wrong type and an undeclared one", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { id: { type: "string" }, n: { anyOf: [{ type: "number" }, { type: "null" }] } },
      required: ["id"],
      additionalProperties: false
    }
    assert.deepStrictEqual(problems(schema, { id: "a", n: null }, "x"), [])
    assert.deepStrictEqual(problems(schema, { n: 1 }, "x"), ["x.id: missing"])
    assert.deepStrictEqual(problems(schema, { id: 1 }, "x"), ["x.id: is number, not string"])
    assert.deepStrictEqual(problems(schema, { id: "a", extra: true }, "x"), ["x.extra: not in the schema"])
  })
})
