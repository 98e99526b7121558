/** The AI Toolkit's public entry (docs/areas/ai-toolkit.md): its routes, for app.ts. */
export { aiToolRoutes } from './routes';
