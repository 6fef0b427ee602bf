/**
 * Issue 28: what the service stores since April 2026.
 *
 * - `config_overrides.source`: where the branch-level config was pushed from (`GET|DELETE
 *   /internal/config/source`), kept on the branch row; `null` reads as `{ "type": "unlinked" }`.
 * - `external_auth_methods`: a user's identity at an external authentication provider (Clerk, Better Auth,
 *   WorkOS) that `POST /auth/external/token` signs in: one per provider, issuer and subject, and at most one
 *   per user and provider (the service's two unique keys).
 * - `projects.is_development_environment`: a project made as a development environment (its create body's
 *   `is_development_environment`), read back by clients and admins alike.
 * - `refresh_tokens.external_session`: the provider session a session was opened for, so that a second
 *   exchange of the same provider session finds (and revives) it instead of opening another.
 */
export const name = "0013-config-source-external-auth"

export const sql = `
alter table config_overrides add column source jsonb;

alter table projects add column is_development_environment boolean not null default false;

create table external_auth_methods (
  project_id text not null references projects(id) on delete cascade,
  user_id text not null,
  provider_id text not null,
  issuer text not null,
  subject text not null,
  created_at timestamptz not null default now(),
  primary key (project_id, provider_id, issuer, subject),
  unique (project_id, user_id, provider_id),
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade
);

alter table refresh_tokens add column external_session text;
create unique index refresh_tokens_external_session on refresh_tokens (project_id, external_session)
  where external_session is not null;
`
