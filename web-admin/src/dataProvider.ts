import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './api';

/**
 * ra-data-simple-rest as it is, on /api/admin. Commands that are not whole-record writes (change status,
 * set offer) are added here as custom methods calling their command endpoints.
 */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);
