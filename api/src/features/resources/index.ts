/** Resources (docs/areas/resources.md): the routes, and what users (owned resources) and payments (checkout) use. */
export { resourceRoutes } from './routes';
export { replaceOwnedResources, RESOURCES_JSON_SQL } from './owned';
export { presentResource } from './presenter';
export { findResource } from './queries';
