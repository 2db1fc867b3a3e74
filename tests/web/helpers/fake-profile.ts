/**
 * A signed-in person's profile as GET /api/user/profile/ answers it (with every alias the spec's clients read),
 * for the screens' fake APIs; each test sets what it is about in `overrides`.
 */
export function fakeProfile(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    user_id: id,
    first_name: 'Ama',
    last_name: 'Mensah',
    first: 'Ama',
    last: 'Mensah',
    given_name: 'Ama',
    family_name: 'Mensah',
    name: 'Ama Mensah',
    username: 'ama',
    email: 'ama@example.com',
    role: 'user',
    occupation: 'Nurse',
    job_title: 'Nurse',
    profile_picture: null,
    profile_picture_sizes: null,
    cover_photo: null,
    cover_photo_sizes: null,
    is_verified: true,
    causes_created: 2,
    causes_active: 1,
    ...overrides,
  };
}
