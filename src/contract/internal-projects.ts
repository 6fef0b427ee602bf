/**
 * Projects owned by teams of the `internal` project (`/internal/projects`, the dashboard's calls): every
 * access type, with a signed-in user of `internal`. A project belongs to one team of `internal`; every
 * member of that team lists it and may use their access token as its admin access token.
 */
import { ListResponse } from "../domain/list.js"
import { AdminProject, AdminProjectCreate, ProjectTransfer, ProjectTransferResponse } from "../domain/project.js"
import { ALL } from "./access.js"
import { endpoint } from "./declaration.js"
import { NoCrudQuery } from "./crud-query.js"

/** The internal project's session is needed for every call. */
const internal = ["UserAuthenticationRequired", "ExpectedInternalProject"] as const

export const InternalProjectsApi = {
  list: endpoint({
    name: "internalProjects.list",
    summary: "The projects owned by any team of `internal` the signed-in user belongs to",
    method: "GET",
    path: "/internal/projects",
    access: ALL,
    query: NoCrudQuery,
    success: ListResponse(AdminProject),
    errors: internal
  }),
  create: endpoint({
    name: "internalProjects.create",
    summary: "A new project owned by a team of `internal` the user belongs to; it has no keys yet",
    method: "POST",
    path: "/internal/projects",
    access: ALL,
    query: NoCrudQuery,
    body: AdminProjectCreate,
    success: AdminProject,
    status: 201,
    // The owner team must be one the user belongs to.
    errors: [...internal, "SchemaError", "TeamMembershipNotFound"]
  }),
  transfer: endpoint({
    name: "internalProjects.transfer",
    summary: "Hands a project to another team; needs `team_admin` on the owner team and membership of the new one",
    method: "POST",
    path: "/internal/projects/transfer",
    access: ALL,
    body: ProjectTransfer,
    success: ProjectTransferResponse,
    // A transfer outside the internal project's session is a SCHEMA_ERROR on the service.
    errors: ["SchemaError", "ProjectNotFound", "TeamMembershipNotFound", "TeamPermissionRequired"]
  })
}
