import { createFileRoute, redirect } from '@tanstack/react-router';

// The landing page's REGISTER NOW opens /register; sign-up lives at /signup.
export const Route = createFileRoute('/register')({
  beforeLoad: () => {
    throw redirect({ to: '/signup', replace: true });
  },
});
