/**
 * The built-in `$` team permissions, part of the product rather than of a project's data: every project has
 * them whether or not their rows exist, and nobody may change or delete them (permission-definitions.ts).
 */
export const BUILTIN_TEAM_PERMISSIONS: ReadonlyArray<{ readonly id: string; readonly description: string }> = [
  { id: "$update_team", description: "Update the team information" },
  { id: "$delete_team", description: "Delete the team" },
  { id: "$read_members", description: "Read and list the other members of the team" },
  { id: "$remove_members", description: "Remove other members from the team" },
  { id: "$invite_members", description: "Invite other users to the team" },
  { id: "$manage_api_keys", description: "Create and manage API keys for the team" }
]
