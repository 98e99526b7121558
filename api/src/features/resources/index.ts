/**
 * Resources (docs/areas/resources.md): the routes, and what users (owned resources), payments (checkout)
 * and search (the listing rule and its search) use.
 */
export { resourceRoutes } from './routes';
export { replaceOwnedResources, RESOURCES_JSON_SQL } from './owned';
export { presentResource } from './presenter';
export { findResource, listResources } from './queries';
