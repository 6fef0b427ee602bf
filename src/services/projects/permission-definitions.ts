/**
 * Team permission definitions (admin tier): the built-in `$` permissions and the project's own, each with
 * the permissions it contains. Contained permissions must exist; built-in ones cannot be changed. Their
 * members are declared in the table below.
 */
import { effectCall, functionCall, implement } from "../http/service-calls.js"
import type { PermissionDefinitionCreate, PermissionDefinitionUpdate } from "../../domain/permission-definition.js"
import { ProjectPermissionDefinitionsApi, TeamPermissionDefinitionsApi } from "../../contract/permissions.js"

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

/** The project's team permission definitions (admin): list, create, update and delete. */
export const PermissionDefinitionsCalls = definitionCalls(TeamPermissionDefinitionsApi)

/**
 * The project's project permission definitions (admin): permissions users hold in the project, not in a
 * team. The same calls as {@link PermissionDefinitions}; there are no built-in ones, contained ids must be
 * project permissions, and ids are unique across both scopes (PERMISSION_ID_ALREADY_EXISTS).
 */
export const ProjectPermissionDefinitionsCalls = definitionCalls(ProjectPermissionDefinitionsApi)

export const makePermissionDefinitions = implement(PermissionDefinitionsCalls)

export const makeProjectPermissionDefinitions = implement(ProjectPermissionDefinitionsCalls)
