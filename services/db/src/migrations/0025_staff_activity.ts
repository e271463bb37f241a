import { sql, type Kysely } from 'kysely';

/**
 * The activity trail (issue 17.4): one row per event a staff member did, on any stream, and per staff account event
 * (failed sign-ins included). A read model like the others: the projector fills it and a rebuild replays it. The view
 * adds the actor's name as it is now, so a renamed person shows under their new name, and the name of
 * the person an account event is about. Safe to run again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists staff_activity (
      id uuid primary key,
      global_position bigint not null,
      occurred_at timestamptz not null,
      actor_kind text not null check (actor_kind in ('staff', 'visitor', 'system')),
      actor_staff_id uuid,
      actor_email text,
      actor_system text,
      action text not null,
      stream_id text not null,
      record_kind text,
      record_id text,
      summary text not null
    )`.execute(db);
  await sql`create index if not exists staff_activity_position on staff_activity (global_position desc)`.execute(db);
  await sql`create index if not exists staff_activity_occurred on staff_activity (occurred_at)`.execute(db);
  await sql`create index if not exists staff_activity_actor on staff_activity (actor_staff_id, global_position desc)`.execute(db);
  await sql`create index if not exists staff_activity_action on staff_activity (action, global_position desc)`.execute(db);
  await sql`
    create or replace view staff_activity_named as
    select a.*,
      case a.actor_kind
        when 'staff' then coalesce(u.display_name, a.actor_email, 'staff')
        when 'system' then 'System (' || coalesce(a.actor_system, 'unknown') || ')'
        else 'Visitor'
      end as actor_name,
      r.display_name as record_name
    from staff_activity a
    left join staff_users u on u.id = a.actor_staff_id
    left join staff_users r on a.record_kind = 'staff' and r.id::text = a.record_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists staff_activity_named`.execute(db);
  await sql`drop table if exists staff_activity`.execute(db);
  await sql`delete from processor_checkpoints where processor_name = 'staff-activity'`.execute(db);
}
