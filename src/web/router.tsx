import { createRouter } from '@tanstack/react-router';
import { PendingScreen } from './components/pending-screen';
import { UnexpectedErrorScreen } from './components/error-screens';
import { routeTree } from './route-tree.gen';

export const router = createRouter({
  routeTree,
  // Hovering or focusing a link starts loading that route's chunk, so most navigations feel instant.
  defaultPreload: 'intent',
  defaultPendingComponent: PendingScreen,
  defaultErrorComponent: UnexpectedErrorScreen,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
