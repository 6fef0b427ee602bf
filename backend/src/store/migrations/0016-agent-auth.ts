/**
 * Issue 36: agent sign-in. An agent registration is a device-authorization attempt like a CLI sign-in, kept in
 * the same table as on the service: the agent's description (its name marks the row as an agent's), the
 * person's refusal (`denied_at`), who approved, and the session the attempt handed over (`session_id`, the
 * refresh token row; the dashboard's overview lists those sessions once the token itself is cleared). A
 * session opened for an agent carries its name (`refresh_tokens.agent_name`), shown in the session lists.
 */
export const name = "0016-agent-auth"

export const sql = `
alter table cli_auth_attempts add column agent_name text;
alter table cli_auth_attempts add column agent_description text;
alter table cli_auth_attempts add column agent_url text;
alter table cli_auth_attempts add column user_hint text;
alter table cli_auth_attempts add column denied_at timestamptz;
alter table cli_auth_attempts add column approved_by_user_id text;
alter table cli_auth_attempts add column session_id text;
create index cli_auth_attempts_project_created on cli_auth_attempts(project_id, created_at desc, id);
alter table refresh_tokens add column agent_name text;
`
