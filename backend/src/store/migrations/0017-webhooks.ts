/**
 * Issue 38: webhooks. A project's endpoints (`webhook_endpoints`, each with its `whsec_` signing secret), the
 * messages its writes produced (`webhook_messages`, inserted in the transaction of the write, the body kept as
 * signed and sent) and one delivery per message and endpoint (`webhook_deliveries`: the outbox the dispatcher
 * claims from, `seq` keeping each endpoint's order; `locked_until` is the claim of the instance sending it).
 */
export const name = "0017-webhooks"

export const sql = `
create table webhook_endpoints (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  url text not null,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null
);
create index webhook_endpoints_project on webhook_endpoints(project_id, created_at);
create table webhook_messages (
  id text primary key,
  project_id text not null references projects(id) on delete cascade,
  event_type text not null,
  body text not null,
  created_at timestamptz not null
);
create table webhook_deliveries (
  seq bigserial primary key,
  project_id text not null references projects(id) on delete cascade,
  message_id text not null references webhook_messages(id) on delete cascade,
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_response text,
  last_error text
);
create index webhook_deliveries_due on webhook_deliveries(status, next_attempt_at);
create index webhook_deliveries_endpoint on webhook_deliveries(endpoint_id, status, seq);
create index webhook_deliveries_project on webhook_deliveries(project_id, seq desc);
`
