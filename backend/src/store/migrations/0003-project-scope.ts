/**
 * Tenant isolation in the schema itself. Every row already carries the project it belongs to; these
 * constraints make the database refuse a row whose user, team, code or account lives in another project,
 * so a join on an id can never cross projects even if a query forgot to say which project it means.
 *
 * `password_hashes` gains the `project_id` it lacked (copied from its user). The composite foreign keys
 * point at new `(project_id, id)` unique keys of the parent tables and cascade like the existing ones;
 * a null `user_id` (a code sent to an address without a user) is not checked, as before.
 */
export const name = "0003-project-scope"

export const sql = `
alter table password_hashes add column project_id text references projects(id) on delete cascade;
update password_hashes p set project_id = u.project_id from users u where u.id = p.user_id;
alter table password_hashes alter column project_id set not null;

alter table users add constraint users_project_id_id_key unique (project_id, id);
alter table teams add constraint teams_project_id_id_key unique (project_id, id);
alter table verification_codes add constraint verification_codes_project_id_id_key unique (project_id, id);
alter table oauth_accounts add constraint oauth_accounts_project_id_id_key unique (project_id, id);

alter table password_hashes add constraint password_hashes_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table contact_channels add constraint contact_channels_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table refresh_tokens add constraint refresh_tokens_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table verification_codes add constraint verification_codes_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table team_members add constraint team_members_team_in_project
  foreign key (project_id, team_id) references teams(project_id, id) on delete cascade;
alter table team_members add constraint team_members_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table team_member_permissions add constraint team_member_permissions_team_in_project
  foreign key (project_id, team_id) references teams(project_id, id) on delete cascade;
alter table team_member_permissions add constraint team_member_permissions_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table team_invitations add constraint team_invitations_team_in_project
  foreign key (project_id, team_id) references teams(project_id, id) on delete cascade;
alter table team_invitations add constraint team_invitations_code_in_project
  foreign key (project_id, verification_code_id) references verification_codes(project_id, id) on delete cascade;
alter table oauth_accounts add constraint oauth_accounts_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table oauth_tokens add constraint oauth_tokens_account_in_project
  foreign key (project_id, oauth_account_id) references oauth_accounts(project_id, id) on delete cascade;
alter table passkeys add constraint passkeys_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
alter table oauth_authorization_codes add constraint oauth_authorization_codes_user_in_project
  foreign key (project_id, user_id) references users(project_id, id) on delete cascade;
`
