export { default as tariffVersions } from './tariffVersions';
export { default as freightRates } from './freightRates';
export { default as destinationCharges } from './destinationCharges';
