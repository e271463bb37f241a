export { Projector, UnknownProjectionError, type ProjectorOptions, type CatchUpResult } from './projector/projector';
export type { Projection } from './projector/projection';
export { allProjections } from './projections';
export {
  VEHICLE_FACETS,
  FACET_COLUMNS,
  TOTAL,
  facetValuesIn,
  keptFilterOf,
  type FacetColumn,
  type FacetValue,
  type VehicleFacet,
} from './inventory/vehicleFacets';
