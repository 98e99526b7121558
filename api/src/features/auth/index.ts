/** Sign-in, sign-up and password reset (docs/areas/auth.md): the routes for app.ts and the reset mail's job for jobs.ts. */
export { authRoutes } from './routes';
export { pruneResetTokens, RESET_MAIL, resetMailRenderer } from './service';
