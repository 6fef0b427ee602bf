/**
 * API keys of users and teams (`/user-api-keys`, `/team-api-keys`). A key belongs to exactly one user or one
 * team of its project (composite foreign keys, as migration 0003 asks of every table naming one) and goes
 * with them. The key itself is never stored: its sha256 and its last four characters are, and the id the key
 * carries finds the row (see crypto/user-team-api-key-format.ts).
 */
export const name = "0009-user-team-api-keys"

export const sql = `
create table project_api_keys (
  project_id text not null references projects(id) on delete cascade,
  id text not null,
  user_id text,
  team_id text,
  description text not null,
  is_public boolean not null,
  secret_hash text not null,
  last_four text not null,
  created_at timestamptz not null,
  expires_at timestamptz,
  manually_revoked_at timestamptz,
  primary key (project_id, id),
  check ((user_id is null) <> (team_id is null)),
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade,
  foreign key (project_id, team_id) references teams(project_id, id) on delete cascade
);
create index project_api_keys_user on project_api_keys(project_id, user_id, created_at);
create index project_api_keys_team on project_api_keys(project_id, team_id, created_at);
`
