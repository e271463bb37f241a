import type { DomainEvent } from '../platform/events';

/*
 * What staff do to the landed-cost tables (tariff versions, freight rates, destination charges), recorded on a stream
 * per row for the activity trail (issue 17.4). The tables stay the rows' state and history; an event only says who
 * added or changed which row, and which fields, so the trail shows a change that moves every buyer's quote.
 */

export type TariffVersionAdded = DomainEvent<'TariffVersionAdded', { tariffVersionId: string; country: string; version: number; effectiveDate: string }>;
export type FreightRateAdded = DomainEvent<'FreightRateAdded', { freightRateId: string }>;
export type FreightRateChanged = DomainEvent<'FreightRateChanged', { freightRateId: string; fields: string[] }>;
export type DestinationChargeAdded = DomainEvent<'DestinationChargeAdded', { destinationChargeId: string }>;
export type DestinationChargeChanged = DomainEvent<'DestinationChargeChanged', { destinationChargeId: string; fields: string[] }>;
export type LandedCostTableEvent = TariffVersionAdded | FreightRateAdded | FreightRateChanged | DestinationChargeAdded | DestinationChargeChanged;

export const tariffVersionStreamId = (id: string) => `tariff-version-${id}`;
export const freightRateStreamId = (id: string) => `freight-rate-${id}`;
export const destinationChargeStreamId = (id: string) => `destination-charge-${id}`;
