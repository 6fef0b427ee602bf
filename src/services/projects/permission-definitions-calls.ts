/**
 * The members of {@link PermissionDefinitions} and {@link ProjectPermissionDefinitions}: the same four calls of
 * two declared paths (contract/permissions.ts). The services' shapes and implementations derive from these
 * tables.
 */
import type { PermissionDefinitionCreate, PermissionDefinitionUpdate } from "../../domain/permission-definition.js"
import { ProjectPermissionDefinitionsApi, TeamPermissionDefinitionsApi } from "../../contract/permissions.js"
import { effectCall, functionCall } from "../http/service-calls.js"

const items = <A>(page: { readonly items: ReadonlyArray<A> }) => page.items
const nothing = (): void => undefined
const definition = (permissionId: string) => ({ params: { permission_id: permissionId } })

/** The table of one scope's definitions. */
const definitionCalls = <
  const Api extends typeof TeamPermissionDefinitionsApi | typeof ProjectPermissionDefinitionsApi
>(
  api: Api
) => ({
  /** Every definition, built-in ones included, sorted by id. */
  list: effectCall(api.list, "admin", { input: () => ({}), output: items }),
  /** `create({ id: "editor", containedPermissionIds: ["$read_members"] })` */
  create: functionCall(api.create, "admin", (newDefinition: PermissionDefinitionCreate) => ({ body: newDefinition })),
  /** Renaming carries over to grants, other definitions and the project's default permissions. */
  update: functionCall(api.update, "admin", (permissionId: string, patch: PermissionDefinitionUpdate) => ({
    ...definition(permissionId),
    body: patch
  })),
  /** Deletes a definition and every grant of it. */
  delete: functionCall(api.delete, "admin", definition, nothing)
})

export const PermissionDefinitionsCalls = definitionCalls(TeamPermissionDefinitionsApi)

export const ProjectPermissionDefinitionsCalls = definitionCalls(ProjectPermissionDefinitionsApi)
