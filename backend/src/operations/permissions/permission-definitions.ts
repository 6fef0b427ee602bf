/**
 * Permission definitions of both scopes: team (`/team-permission-definitions`) and project
 * (`/project-permission-definitions`), admin tier. Contained permissions must exist in the same scope; ids
 * are unique across both scopes, as on the service (one `rbac.permissions` record holds both); ids starting
 * with `$` are the built-in team ones, which always exist and cannot be changed. Renaming or deleting a
 * definition carries over to what refers to it: grants, other definitions' contained ids, and the project's
 * default permissions (team creator and member, or every new user's).
 */
import * as Effect from "effect/Effect"
import type {
  PermissionDefinition,
  PermissionDefinitionCreate,
  PermissionDefinitionUpdate
} from "@stackfx/lib/domain/permission-definition.js"
import type { ListResponse } from "@stackfx/lib/domain/list.js"
import type { IdRef } from "@stackfx/lib/domain/wire.js"
import { SchemaError } from "@stackfx/lib/errors/known/misc.js"
import {
  ContainedPermissionNotFound,
  PermissionIdAlreadyExists,
  PermissionNotFound
} from "@stackfx/lib/errors/known/permissions.js"
import { Refused } from "../../errors/refused.js"
import { Db, type DbEffect } from "../../store/db.js"
import {
  type DefinitionRow,
  deleteDefinition as deleteDefinitionRow,
  findDefinitionScope,
  insertDefinition,
  listDefinitions,
  type PermissionScope,
  saveDefinition
} from "../../store/teams/permission-definitions.js"
import { deleteProjectGrantsOf, renameProjectGrants } from "../../store/projects/project-permissions.js"
import { findProject, saveProject } from "../../store/projects/projects.js"
import { deleteGrantsOf, renameGrants } from "../../store/teams/team-permissions.js"
import { matchesSearch, type PageRequest, pageOf } from "../paging.js"
import { BUILTIN_TEAM_PERMISSIONS } from "./builtin-permissions.js"

/** A definition as the service keeps it. */
export interface StoredDefinition {
  readonly id: string
  readonly description: string | null
  readonly containedPermissionIds: ReadonlyArray<string>
  readonly isBuiltin: boolean
}

const isReserved = (id: string) => id.startsWith("$")

/**
 * Every permission definition of one scope of the project, sorted by id. The built-in team ones are
 * included even if their rows are missing (they are part of the product, not of the project's data); the
 * project scope has no built-in permissions.
 */
export const loadDefinitions = (
  projectId: string,
  scope: PermissionScope = "team"
): DbEffect<ReadonlyArray<StoredDefinition>> =>
  Effect.map(listDefinitions(projectId, scope), (rows: ReadonlyArray<DefinitionRow>) => {
    const byId = new Map<string, StoredDefinition>(rows.map((row) => [row.id, row]))
    for (const builtin of scope === "team" ? BUILTIN_TEAM_PERMISSIONS : []) {
      if (!byId.has(builtin.id)) {
        byId.set(builtin.id, {
          id: builtin.id,
          description: builtin.description,
          containedPermissionIds: [],
          isBuiltin: true
        })
      }
    }
    return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  })

/**
 * The wire view of a definition. Its contained ids are sorted, as the service answers them, whatever order
 * they were stored in (the seeded `team_admin` and `team_member` keep the order of the product's list).
 */
export const toPermissionDefinition = (definition: StoredDefinition): PermissionDefinition => ({
  id: definition.id,
  ...(definition.description === null ? {} : { description: definition.description }),
  containedPermissionIds: [...definition.containedPermissionIds].sort()
})

const reservedId = (id: string) =>
  new SchemaError({
    details: { message: `Permission ids starting with "$" are reserved for built-in permissions: ${id}` }
  })

const builtInImmutable = (id: string) =>
  new Refused({ reason: "invalid", message: `The built-in permission ${id} cannot be changed or deleted.` })

/** Sorted, without duplicates, every id defined (by `known`). */
const checkContained = (
  contained: ReadonlyArray<string>,
  known: ReadonlySet<string>
): Effect.Effect<ReadonlyArray<string>, ContainedPermissionNotFound> => {
  const missing = contained.find((id) => !known.has(id))
  return missing === undefined
    ? Effect.succeed([...new Set(contained)].sort())
    : Effect.fail(new ContainedPermissionNotFound({ details: { permission_id: missing } }))
}

/** Whether an id is taken in either scope (the service keeps both in one record). */
const idTaken = (projectId: string, id: string, sameScope: ReadonlySet<string>) =>
  sameScope.has(id)
    ? Effect.succeed(true)
    : Effect.map(findDefinitionScope(projectId, id), (scope) => scope !== undefined)

export const createDefinition = (
  projectId: string,
  input: PermissionDefinitionCreate,
  scope: PermissionScope = "team"
): DbEffect<PermissionDefinition, PermissionIdAlreadyExists | ContainedPermissionNotFound | SchemaError> =>
  Db.transaction(
    Effect.gen(function* () {
      const existing = yield* loadDefinitions(projectId, scope)
      const known = new Set(existing.map((d) => d.id))
      if (yield* idTaken(projectId, input.id, known)) {
        return yield* Effect.fail(new PermissionIdAlreadyExists({ details: { permission_id: input.id } }))
      }
      if (isReserved(input.id)) return yield* Effect.fail(reservedId(input.id))
      const contained = yield* checkContained(input.containedPermissionIds ?? [], known)
      const created: StoredDefinition = {
        id: input.id,
        description: input.description ?? null,
        containedPermissionIds: contained,
        isBuiltin: false
      }
      yield* insertDefinition(projectId, created, scope)
      return toPermissionDefinition(created)
    })
  )

const findEditable = (definitions: ReadonlyArray<StoredDefinition>, id: string) => {
  const found = definitions.find((d) => d.id === id)
  if (found === undefined) return Effect.fail(new PermissionNotFound({ details: { permission_id: id } }))
  if (found.isBuiltin || isReserved(found.id)) return Effect.fail(builtInImmutable(id))
  return Effect.succeed(found)
}

/** Rewrites the references of other definitions and of the project's defaults (`to` undefined: drop them). */
const rewriteReferences = (
  projectId: string,
  definitions: ReadonlyArray<StoredDefinition>,
  from: string,
  to: string | undefined,
  scope: PermissionScope
) =>
  Effect.gen(function* () {
    const replace = (ids: ReadonlyArray<string>) =>
      [...new Set(ids.flatMap((id) => (id !== from ? [id] : to === undefined ? [] : [to])))].sort()
    for (const other of definitions) {
      if (other.id === from || other.isBuiltin || !other.containedPermissionIds.includes(from)) continue
      yield* saveDefinition(
        projectId,
        other.id,
        { ...other, containedPermissionIds: replace(other.containedPermissionIds) },
        scope
      )
    }
    if (scope === "team") {
      if (to === undefined) yield* deleteGrantsOf(projectId, from)
      else yield* renameGrants(projectId, from, to)
    } else {
      if (to === undefined) yield* deleteProjectGrantsOf(projectId, from)
      else yield* renameProjectGrants(projectId, from, to)
    }
    const project = yield* findProject(projectId)
    if (project === undefined) return
    const refs = (list: ReadonlyArray<IdRef>) => replace(list.map((p) => p.id)).map((id) => ({ id }))
    const names = (list: ReadonlyArray<IdRef>) => list.some((p) => p.id === from)
    if (scope === "project") {
      const users = project.config.userDefaultPermissions
      if (!names(users)) return
      yield* saveProject({ ...project, config: { ...project.config, userDefaultPermissions: refs(users) } })
      return
    }
    const { teamCreatorDefaultPermissions: creator, teamMemberDefaultPermissions: member } = project.config
    if (!names(creator) && !names(member)) return
    yield* saveProject({
      ...project,
      config: {
        ...project.config,
        teamCreatorDefaultPermissions: refs(creator),
        teamMemberDefaultPermissions: refs(member)
      }
    })
  })

export const updateDefinition = (
  projectId: string,
  id: string,
  patch: PermissionDefinitionUpdate,
  scope: PermissionScope = "team"
): DbEffect<
  PermissionDefinition,
  PermissionNotFound | PermissionIdAlreadyExists | ContainedPermissionNotFound | SchemaError | Refused
> =>
  Db.transaction(
    Effect.gen(function* () {
      const definitions = yield* loadDefinitions(projectId, scope)
      const current = yield* findEditable(definitions, id)
      const newId = patch.id ?? current.id
      if (newId !== current.id) {
        if (yield* idTaken(projectId, newId, new Set(definitions.map((d) => d.id)))) {
          return yield* Effect.fail(new PermissionIdAlreadyExists({ details: { permission_id: newId } }))
        }
        if (isReserved(newId)) return yield* Effect.fail(reservedId(newId))
      }
      // After the update the definition answers to its new id, so it may contain itself under that id.
      const known = new Set(definitions.map((d) => d.id).filter((d) => d !== current.id))
      known.add(newId)
      const contained =
        patch.containedPermissionIds === undefined
          ? [...new Set(current.containedPermissionIds.map((c) => (c === current.id ? newId : c)))].sort()
          : yield* checkContained(patch.containedPermissionIds, known)
      const updated: StoredDefinition = {
        id: newId,
        description: patch.description ?? current.description,
        containedPermissionIds: contained,
        isBuiltin: false
      }
      yield* saveDefinition(projectId, current.id, updated, scope)
      if (newId !== current.id) yield* rewriteReferences(projectId, definitions, current.id, newId, scope)
      return toPermissionDefinition(updated)
    })
  )

export const deleteDefinition = (
  projectId: string,
  id: string,
  scope: PermissionScope = "team"
): DbEffect<void, PermissionNotFound | Refused> =>
  Db.transaction(
    Effect.gen(function* () {
      const definitions = yield* loadDefinitions(projectId, scope)
      const current = yield* findEditable(definitions, id)
      yield* rewriteReferences(projectId, definitions, current.id, undefined, scope)
      yield* deleteDefinitionRow(projectId, current.id, scope)
    })
  )

/** Every definition of one scope of the project, as the API answers them (sorted by id). */
/**
 * `GET /team-permission-definitions`: the team definitions by id, those whose id or description contains the
 * search (any case); a page at a time when a limit or cursor is given (`paging.ts`).
 */
export const listDefinitionsPage = (
  projectId: string,
  request: PageRequest & { readonly search: string | undefined }
): DbEffect<ListResponse<PermissionDefinition>> =>
  Effect.map(listDefinitionViews(projectId), (definitions) =>
    pageOf(
      definitions.filter((d) => matchesSearch(request.search, d.id, d.id, d.description ?? null)),
      (d) => d.id,
      request
    )
  )

export const listDefinitionViews = (
  projectId: string,
  scope: PermissionScope = "team"
): DbEffect<ReadonlyArray<PermissionDefinition>> =>
  Effect.map(loadDefinitions(projectId, scope), (definitions) => definitions.map(toPermissionDefinition))
