import { createFileRoute } from '@tanstack/react-router';
import { ProfileViewPage } from '../features/profile/components/profile-view';
import { requireSignedInUnlessId, validateProfileSearch } from '../features/profile/profile-search';

/** Same view as /organizerprofilepage: yours, or with ?id= someone's public profile. */
export const Route = createFileRoute('/profilepage')({
  validateSearch: validateProfileSearch,
  beforeLoad: requireSignedInUnlessId,
  component: function ProfileRoute() {
    const { id } = Route.useSearch();
    return <ProfileViewPage id={id} />;
  },
});
