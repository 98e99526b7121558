/** Users (docs/areas/users.md): the routes for app.ts (the test tools too, mounted only in tests) and the presenter auth uses. */
export { userRoutes } from './routes';
export { userTestRoutes } from './test-tools';
export { presentCurrentUser } from './presenter';
