/**
 * The current project. `GET /projects/current` answers the client view to every access type (the hosted
 * service exports only GET there: PATCH and DELETE answer an empty 405). The admin's read, update and
 * delete live at `/internal/projects/current`, for admins only.
 */
import { AdminProject, AdminProjectUpdate, ClientProject } from "../domain/project.js"
import { SuccessResponse } from "../domain/success.js"
import { ADMIN, ADMIN_TOKEN_ERRORS, ALL } from "./access.js"
import { dataKeys, session } from "./data-keys.js"
import { endpoint } from "./declaration.js"
import { NoCrudQuery } from "./crud-query.js"

/** The service answers `/internal/projects/current` to admins only. */
const admin = [...ADMIN_TOKEN_ERRORS, "InsufficientAccessType"] as const

/** `/projects/current` with a method the hosted route does not export: Next.js answers an empty 405. */
const notAllowed = <const M extends "PATCH" | "DELETE", const N extends string>(method: M, name: N, done: string) =>
  endpoint({
    name,
    summary: `Not allowed (405): the project is ${done} at \`/internal/projects/current\``,
    method,
    path: "/projects/current",
    access: "public",
    query: NoCrudQuery,
    success: { raw: "text" },
    status: 405,
    errors: []
  })

export const ProjectsApi = {
  current: endpoint({
    name: "projects.current",
    summary: "The current project as any client may see it (the same view for every access type)",
    method: "GET",
    path: "/projects/current",
    access: ALL,
    query: NoCrudQuery,
    success: ClientProject,
    errors: []
  }),
  /** Not a write: the hosted route exports GET only, so Next.js answers an empty 405. */
  updateNotAllowed: notAllowed("PATCH", "projects.currentPatchNotAllowed", "updated"),
  /** Not a write: the hosted route exports GET only, so Next.js answers an empty 405. */
  deleteNotAllowed: notAllowed("DELETE", "projects.currentDeleteNotAllowed", "deleted")
}

export const AdminProjectsApi = {
  get: endpoint({
    name: "adminProjects.get",
    summary: "The whole project: config, domains, OAuth providers, email config, logos, owner team",
    method: "GET",
    path: "/internal/projects/current",
    access: ADMIN,
    query: NoCrudQuery,
    success: AdminProject,
    errors: admin
  }),
  update: endpoint({
    name: "adminProjects.update",
    summary:
      "Patches the project; a list given (OAuth providers, domains, default permissions) replaces the whole list",
    method: "PATCH",
    path: "/internal/projects/current",
    access: ADMIN,
    query: NoCrudQuery,
    body: AdminProjectUpdate,
    success: AdminProject,
    errors: [...admin, "SchemaError"],
    changes: [dataKeys.project]
  }),
  delete: endpoint({
    name: "adminProjects.delete",
    summary: "Deletes the project with all its users, teams and keys",
    method: "DELETE",
    path: "/internal/projects/current",
    access: ADMIN,
    query: NoCrudQuery,
    success: SuccessResponse,
    errors: admin,
    changes: session
  })
}
