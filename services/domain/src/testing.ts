export * from './platform/testInfrastructure';
export * from './testFixtures';
