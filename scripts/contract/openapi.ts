/**
 * The OpenAPI document of the REST API (docs/openapi.json), generated from the declarations with effect's
 * own generator: each declaration becomes an `HttpApiEndpoint` (method, path with its parameters' schemas, query,
 * body, success with its status) of an `HttpApi`, which `OpenApi.fromApi` turns into OpenAPI 3.1. What effect's model has no
 * place for is added as extensions of each operation: the access types (`x-stack-access`) and the known
 * errors (`x-stack-known-errors`: code, status, per access type), the client's view of the success where it
 * differs (`x-stack-client-response`).
 */
import { join } from "node:path"
import * as Schema from "effect/Schema"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import { ACCESS_TYPES, type AccessType } from "../../src/domain/api.js"
import {
  atView,
  type Codec,
  type EndpointSpec,
  isRaw,
  resolveRef,
  type SchemaRef
} from "../../src/contract/declaration.js"
import { firstLoadSchemas } from "../../src/contract/first-load-schemas.js"
import { knownErrorClasses } from "../../src/errors/known/registry.js"
import { allDeclarations } from "./declarations.js"

type AnyEndpoint = HttpApiEndpoint.Constraint

export const openApiFile = join(import.meta.dirname, "..", "..", "docs", "openapi.json")

const widest = (perView: NonNullable<EndpointSpec["body"]>): Codec | undefined => {
  const found = atView(perView, "admin") ?? atView(perView, "server") ?? atView(perView, "client")
  return found === undefined ? undefined : resolveRef(found as Codec | SchemaRef, firstLoadSchemas)
}

const accessOf = (declaration: EndpointSpec): ReadonlyArray<AccessType> =>
  typeof declaration.access === "string" ? ACCESS_TYPES : declaration.access

/** The success status, when it does not depend on the answer (the document then names the usual 200). */
const fixedStatus = (declaration: EndpointSpec): number | undefined =>
  typeof declaration.status === "number" ? declaration.status : undefined

/** One declaration as effect's endpoint. */
const toEndpoint = (declaration: EndpointSpec): AnyEndpoint => {
  const success = declaration.success
  const answer = isRaw(success) ? undefined : widest(success)
  const body = declaration.body === undefined ? undefined : widest(declaration.body)
  const path = declaration.path.replace(/\{([^}]+)\}/g, ":$1") as `/${string}`
  const params = [...declaration.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "")
  const action = declaration.name.split(".").slice(1).join(".") || declaration.name
  return HttpApiEndpoint.make(declaration.method)(action, path, {
    ...(params.length === 0
      ? {}
      : {
          params: Schema.Struct(
            Object.fromEntries(params.map((name) => [name, declaration.params?.[name] ?? Schema.String]))
          )
        }),
    ...(declaration.query === undefined ? {} : { query: declaration.query }),
    ...(body === undefined ? {} : { payload: body }),
    success:
      answer === undefined
        ? HttpApiSchema.status(fixedStatus(declaration) ?? 302)(Schema.String)
        : HttpApiSchema.status(fixedStatus(declaration) ?? 200)(answer)
  } as never) as AnyEndpoint
}

const statusOf = new Map(
  knownErrorClasses.map((errorClass) => [errorClass.tag, { code: errorClass.code, status: errorClass.status }])
)

/** The extensions of one operation. */
const extensionsOf = (declaration: EndpointSpec) => {
  const access = accessOf(declaration)
  const errors = Object.fromEntries(
    access.map((view) => [
      view,
      (atView(declaration.errors, view) ?? []).map((tag) => statusOf.get(tag) ?? { code: tag, status: 0 })
    ])
  )
  const success = declaration.success
  const client = isRaw(success) ? undefined : atView(success, "client")
  const server = isRaw(success) ? undefined : atView(success, "server")
  return {
    "x-stack-access": typeof declaration.access === "string" ? declaration.access : access,
    "x-stack-known-errors": errors,
    ...(client !== undefined && server !== undefined && client !== server && access.includes("client")
      ? {
          "x-stack-client-response": Schema.toJsonSchemaDocument(resolveRef(client, firstLoadSchemas) as Schema.Top)
            .schema
        }
      : {}),
    ...(isRaw(success) ? { "x-stack-answer": success.raw } : {})
  }
}

/** The document, as the JSON text docs/openapi.json holds. */
export const openApiSource = async (): Promise<string> => {
  const declarations = await allDeclarations()
  const groups = new Map<string, Array<EndpointSpec>>()
  for (const declaration of declarations) {
    const group = declaration.name.split(".")[0] ?? "api"
    groups.set(group, [...(groups.get(group) ?? []), declaration])
  }
  // Built step by step from values the compiler cannot follow: the types are effect's widest.
  type AnyGroup = HttpApiGroup.HttpApiGroup<string, AnyEndpoint>
  type AnyApi = HttpApi.HttpApi<string, AnyGroup>
  let api = HttpApi.make("stack-auth") as unknown as AnyApi
  for (const [name, members] of groups) {
    let group = HttpApiGroup.make(name) as unknown as AnyGroup
    for (const declaration of members) group = group.add(toEndpoint(declaration) as never) as unknown as AnyGroup
    api = api.add(group as never) as unknown as AnyApi
  }
  const spec = OpenApi.fromApi(api.prefix("/api/v1") as never)
  const byId = new Map(declarations.map((declaration) => [declaration.name, declaration]))
  for (const operations of Object.values(spec.paths)) {
    for (const operation of Object.values(operations as Record<string, { operationId?: string; summary?: string }>)) {
      // effect names an operation `group.endpoint`: the declaration's name.
      const declaration = operation.operationId === undefined ? undefined : byId.get(operation.operationId)
      if (declaration === undefined) continue
      if (declaration.summary !== undefined) operation.summary = declaration.summary
      Object.assign(operation, extensionsOf(declaration))
    }
  }
  spec.info = { ...spec.info, title: "Stack Auth REST API (as stackfx and its local backend speak it)", version: "1" }
  return `${JSON.stringify(spec, null, 2)}\n`
}
