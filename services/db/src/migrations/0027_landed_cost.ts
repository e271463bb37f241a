import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SEED_DESTINATION_CHARGES, SEED_FREIGHT, SEED_TARIFFS, TariffVersionInputSchema } from '@autobest/domain';

/**
 * Landed cost (issue 18): tariffs, freight and destination charges as data staff maintain, and the quotes buyers asked
 * to be sent. A tariff version is never changed once written: a change is a new version, so a recorded quote's
 * version still says what it computed with. Dates are ISO text (YYYY-MM-DD), which compares in calendar order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tariff_versions (
      id uuid primary key,
      country text not null check (country ~ '^[A-Z]{2}$'),
      version integer not null check (version > 0),
      effective_date text not null check (effective_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      source text not null,
      notes text not null default '',
      lines jsonb not null,
      created_at timestamptz not null default now(),
      created_by text,
      unique (country, version),
      -- One version per country and day: versions never overlap, each runs until the next one's date.
      unique (country, effective_date)
    )`.execute(db);

  await sql`
    create table freight_rates (
      id uuid primary key,
      origin_port text not null,
      destination_port text not null,
      country text not null check (country ~ '^[A-Z]{2}$'),
      vehicle_size text not null check (vehicle_size in ('small', 'medium', 'large')),
      freight_usd numeric not null check (freight_usd >= 0),
      insurance_rate numeric not null check (insurance_rate between 0 and 1),
      source text not null,
      notes text not null default '',
      history jsonb not null default '[]',
      updated_at timestamptz not null default now(),
      updated_by text,
      unique (origin_port, destination_port, vehicle_size)
    )`.execute(db);

  await sql`
    create table destination_charges (
      id uuid primary key,
      country text not null check (country ~ '^[A-Z]{2}$'),
      city text not null,
      currency text not null,
      clearing numeric not null check (clearing >= 0),
      port numeric not null check (port >= 0),
      delivery numeric not null check (delivery >= 0),
      source text not null,
      notes text not null default '',
      history jsonb not null default '[]',
      updated_at timestamptz not null default now(),
      updated_by text,
      unique (country, city)
    )`.execute(db);

  await sql`
    create table quotes (
      id uuid primary key,
      vehicle_id text not null,
      country text not null,
      city text not null,
      currency text not null,
      tariff_version_id uuid not null references tariff_versions (id),
      rates jsonb not null,
      quote jsonb not null,
      total_minor bigint not null,
      enquiry_id uuid,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index quotes_by_vehicle on quotes (vehicle_id, created_at desc)`.execute(db);

  await sql`alter table enquiries drop constraint enquiries_kind_check`.execute(db);
  await sql`alter table enquiries add constraint enquiries_kind_check check (kind in ('deal', 'rental', 'lease', 'service-booking', 'insurance-quote', 'landed-cost-quote'))`.execute(db);

  for (const input of SEED_TARIFFS) {
    const tariff = TariffVersionInputSchema.parse(input);
    await sql`insert into tariff_versions (id, country, version, effective_date, source, notes, lines, created_by)
      values (${randomUUID()}, ${tariff.country}, 1, ${tariff.effectiveDate}, ${tariff.source}, ${tariff.notes}, ${JSON.stringify(tariff.lines)}::jsonb, 'seed')`.execute(db);
  }
  for (const rate of SEED_FREIGHT) {
    await sql`insert into freight_rates (id, origin_port, destination_port, country, vehicle_size, freight_usd, insurance_rate, source, notes, updated_by)
      values (${randomUUID()}, ${rate.originPort}, ${rate.destinationPort}, ${rate.country}, ${rate.vehicleSize}, ${rate.freightUsd}, ${rate.insuranceRate}, ${rate.source}, ${rate.notes}, 'seed')`.execute(db);
  }
  for (const charge of SEED_DESTINATION_CHARGES) {
    await sql`insert into destination_charges (id, country, city, currency, clearing, port, delivery, source, notes, updated_by)
      values (${randomUUID()}, ${charge.country}, ${charge.city}, ${charge.currency}, ${charge.clearing}, ${charge.port}, ${charge.delivery}, ${charge.source}, ${charge.notes}, 'seed')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from enquiries where kind = 'landed-cost-quote'`.execute(db);
  await sql`alter table enquiries drop constraint enquiries_kind_check`.execute(db);
  await sql`alter table enquiries add constraint enquiries_kind_check check (kind in ('deal', 'rental', 'lease', 'service-booking', 'insurance-quote'))`.execute(db);
  await sql`drop table quotes`.execute(db);
  await sql`drop table destination_charges`.execute(db);
  await sql`drop table freight_rates`.execute(db);
  await sql`drop table tariff_versions`.execute(db);
}
