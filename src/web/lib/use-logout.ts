import { useNavigate } from '@tanstack/react-router';
import { logout } from './logout';

/** Logout as a click handler: sign out, then back to the landing page (spec: dashboard logout goes to /). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    logout();
    void navigate({ to: '/' });
  };
}
