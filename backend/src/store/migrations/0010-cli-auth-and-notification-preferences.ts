/**
 * Sign-in for command-line programs and e-mail notification preferences.
 *
 * `cli_auth_attempts`: one row per `POST /auth/cli`. The polling and login codes are kept as sha256 hashes;
 * `refresh_token` is the browser session's token a completion hands over, kept in clear only until the
 * first poll takes it (the hosted service keeps it), then cleared when `used_at` is set. `anon_refresh_token`
 * is the refresh token of the program's anonymous user, which the browser may claim.
 *
 * `notification_preferences`: a user's choice for one category (the categories themselves are fixed, as on
 * the hosted service); no row means the category's default. The unsubscribe links of sent mail are
 * verification codes of purpose `unsubscribe-link`.
 */
export const name = "0010-cli-auth-and-notification-preferences"

export const sql = `
create table cli_auth_attempts (
  project_id text not null references projects(id) on delete cascade,
  id text not null,
  polling_code_hash text not null,
  login_code_hash text not null,
  refresh_token text,
  anon_refresh_token text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (project_id, id),
  unique (project_id, polling_code_hash),
  unique (project_id, login_code_hash)
);

create table notification_preferences (
  project_id text not null,
  user_id text not null,
  category_id text not null,
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (project_id, user_id, category_id),
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade
);
`
