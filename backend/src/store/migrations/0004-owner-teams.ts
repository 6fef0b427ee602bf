/**
 * Projects owned by teams, and the project fields of the hosted service's current admin read.
 *
 * The hosted service ties a project to a team of `internal` (`owner_team_id`): every member of that team
 * administers it. `owner_team_project_id` is always 'internal' when an owner is set, so the composite foreign
 * key proves the team lives in `internal` (the same rule as migration 0003: an id never crosses projects). A
 * team deleted leaves its projects without an owner; only their keys reach them then.
 *
 * Existing owners move over: each owned project gets a team of `internal` named after it, holding its
 * owners with the `admin` permission (the creator's default there), and `project_owners` goes.
 *
 * The stored config follows the new read shape: no `id` or `legacy_global_jwt_signing`, providers without
 * `enabled` (a disabled provider is dropped: the service lists only those users may sign in with) and with
 * their `provider_config_id`, and the new settings at the service's defaults.
 */
export const name = "0004-owner-teams"

export const sql = `
alter table projects add column logo_url text;
alter table projects add column logo_full_url text;
alter table projects add column logo_dark_mode_url text;
alter table projects add column logo_full_dark_mode_url text;
alter table projects add column onboarding_status text not null default 'completed';
alter table projects add column require_email_verification boolean not null default false;
alter table projects add column owner_team_project_id text check (owner_team_project_id = 'internal');
alter table projects add column owner_team_id text;
alter table projects add constraint projects_owner_team_in_internal
  foreign key (owner_team_project_id, owner_team_id) references teams(project_id, id) on delete set null;
create index projects_owner_team on projects(owner_team_id);

update projects set config = (config - 'id' - 'legacy_global_jwt_signing') || jsonb_build_object(
  'oauth_providers', coalesce(
    (select jsonb_agg((p - 'enabled') || jsonb_build_object('provider_config_id', p->>'id'))
       from jsonb_array_elements(config->'oauth_providers') p
      where coalesce((p->>'enabled')::boolean, true)),
    '[]'::jsonb),
  'allow_user_api_keys', false,
  'allow_team_api_keys', false,
  'email_theme', '1df07ae6-abf3-4a40-83a5-a1a2cbe336ac',
  'user_default_permissions', '[]'::jsonb,
  'oauth_account_merge_strategy', 'link_method'
);

create temporary table owner_teams on commit drop as
  select p.id as project_id, p.display_name, gen_random_uuid()::text as team_id
    from projects p
   where exists (select 1 from project_owners o join users u on u.id = o.user_id and u.project_id = 'internal'
                  where o.project_id = p.id);
insert into teams (id, project_id, display_name) select team_id, 'internal', display_name from owner_teams;
insert into team_members (project_id, team_id, user_id)
  select 'internal', t.team_id, o.user_id
    from owner_teams t join project_owners o on o.project_id = t.project_id
    join users u on u.project_id = 'internal' and u.id = o.user_id;
insert into team_member_permissions (project_id, team_id, user_id, permission_id)
  select m.project_id, m.team_id, m.user_id, 'admin'
    from team_members m join owner_teams t on t.team_id = m.team_id
   where m.project_id = 'internal'
     and exists (select 1 from permission_definitions d where d.project_id = 'internal' and d.id = 'admin');
update projects p set owner_team_project_id = 'internal', owner_team_id = t.team_id
  from owner_teams t where p.id = t.project_id;
drop table project_owners;
`
