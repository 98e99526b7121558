/** The community inside the portal (docs/areas/community.md): its routes. */
export { communityRoutes } from './routes';
export { spaceInView as communitySpaceInView } from './service';
