/**
 * One typed Objection model per table (see tests/api/models.test.ts), grouped by area. Relations
 * point one way between files (users <- courses <- resources <- payments), so there is no cycle.
 */
export { BaseModel, type Timestamp } from './base';
export * from './users';
export * from './courses';
export * from './board';
export * from './resources';
export * from './payments';
export * from './products';
export * from './banners';
export * from './settings';
export * from './notifications';
export * from './mail';
export * from './live';
export * from './analytics';
export * from './fees';
export * from './calendar';
export * from './playbooks';
export * from './community';
