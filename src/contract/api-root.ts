/**
 * The API root (`GET /api/v1`): a text saying how the request authenticated, for checking a project's
 * headers. It takes the project headers like every endpoint (and refuses wrong ones) but also answers a
 * request without any.
 */
import { endpoint } from "./declaration.js"

export const ApiRootApi = {
  get: endpoint({
    name: "apiRoot.get",
    summary: "How the request authenticated (access type, project, user), as text",
    method: "GET",
    path: "/",
    access: "public",
    success: { raw: "text" },
    // The project headers' refusals: an unknown project or branch, wrong keys, an access type without a project, a
    // token of another project.
    errors: [
      "CurrentProjectNotFound",
      "BranchDoesNotExist",
      "ProjectKeyWithoutAccessType",
      "InvalidAccessType",
      "AccessTypeWithoutProjectId",
      "InvalidPublishableClientKey",
      "InvalidSecretServerKey",
      "InvalidSuperSecretAdminKey",
      "PublishableClientKeyRequiredForProject",
      "ServerAuthenticationRequired",
      "AdminAuthenticationRequired",
      "AdminAccessTokenExpired",
      "AdminAccessTokenIsNotAdmin",
      "InvalidProjectForAdminAccessToken",
      "UnparsableAdminAccessToken",
      "UnparsableAccessToken",
      "AccessTokenExpired",
      "InvalidProjectForAccessToken",
      "AnonymousAuthenticationNotAllowed",
      "RestrictedUserNotAllowed"
    ]
  })
}
