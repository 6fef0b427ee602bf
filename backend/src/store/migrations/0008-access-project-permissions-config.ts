/**
 * Project permissions and config overrides (issue 22).
 *
 * - `project_user_permissions`: project permissions granted directly to a user (not tied to a team); what a
 *   grant contains is resolved when reading, as for team permissions. The definitions live in
 *   `permission_definitions` with `scope = 'project'`.
 * - `config_overrides`: the config override an admin wrote per level (`project`, `branch`, `environment`),
 *   as dotted leaf paths. Keys that the project's admin config also holds (sign-up switches, API-key
 *   switches, merge strategy, ...) are written through to `projects.config` too, which stays their one
 *   source of truth; the rest (sign-up rules) are read from here.
 *
 * A user a sign-up rule restricts is marked in the `users.restricted_by_admin*` columns of 0007-restricted-users.
 */
export const name = "0008-access-project-permissions-config"

export const sql = `
create table project_user_permissions (
  project_id text not null references projects(id) on delete cascade,
  user_id text not null,
  permission_id text not null,
  created_at timestamptz not null default now(),
  primary key (project_id, user_id, permission_id),
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade
);

create table config_overrides (
  project_id text not null references projects(id) on delete cascade,
  level text not null,
  override jsonb not null default '{}'::jsonb,
  primary key (project_id, level)
);

`
