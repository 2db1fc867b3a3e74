import { Link, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { PublicProfile } from '../../../../shared/contract/account';
import { mediaUrl } from '../../../lib/api-url';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { useCartCount } from '../../../components/notifications-badge/use-cart-count';
import { CartBadge } from '../../../components/notifications-badge/notification-badge';
import { getOwnProfile, getPublicProfile, type OwnProfile } from '../api/profile-api';
import { t as translate, useT } from '../../../lib/i18n';
import { ProfileAvatar } from './default-avatar';
import '../profile.css';

/** What the page shows: the public part always, the private part (email, contact, address) only for yourself. */
interface ProfileView {
  own: boolean;
  name: string;
  occupation: string;
  interests: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  picture: string | null;
  cover: string | null;
  verified: boolean;
  created: number;
  active: number;
  causes: { id: string; name: string; status: string }[];
}

const MAX_CAUSES = 6; // spec §9

function fromPublic(p: PublicProfile): ProfileView {
  return {
    own: false,
    name: p.name || `${p.first_name} ${p.last_name}`.trim(),
    occupation: p.occupation,
    interests: p.interests || p.bio,
    email: null,
    phone: null,
    address: null,
    picture: p.profile_picture,
    cover: p.cover_photo,
    verified: p.is_verified,
    created: p.causes_created,
    active: p.causes_active,
    causes: (p.causes ?? []).slice(0, MAX_CAUSES),
  };
}

function fromOwn(p: OwnProfile, pub: PublicProfile | null): ProfileView {
  return {
    own: true,
    name:
      [p.first_name || p.first || p.given_name, p.last_name || p.last || p.family_name].filter(Boolean).join(' ') || p.name || p.username,
    occupation: p.occupation || p.job_title,
    interests: p.interests || p.bio,
    email: p.email,
    phone: p.phone_number || p.phone,
    address: p.address,
    picture: p.profile_picture,
    cover: p.cover_photo,
    verified: p.is_verified,
    created: p.causes_created ?? pub?.causes_created ?? 0,
    active: p.causes_active ?? pub?.causes_active ?? 0,
    causes: (pub?.causes ?? []).slice(0, MAX_CAUSES),
  };
}

async function loadProfile(id: string | undefined, me: string | null, signal: AbortSignal): Promise<ProfileView> {
  if (id && id !== me) return fromPublic(await getPublicProfile(id, signal));
  // Your own profile: the private fields from /profile/, the cause list from your public profile (all statuses for you).
  const [own, pub] = await Promise.all([
    getOwnProfile(signal),
    me ? getPublicProfile(me, signal).catch(() => null) : Promise.resolve(null),
  ]);
  return fromOwn(own, pub);
}

function TopBar({ avatar }: { avatar: string | null }) {
  const router = useRouter();
  const { access, name, email } = useSnapshot(session);
  const cartCount = useCartCount();
  const t = useT();
  return (
    <header className="profile-topbar">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/dashboard' }))}
      >
        <span aria-hidden="true">←</span> {t('account.view.back')}
      </button>
      <div className="profile-topbar__actions">
        <CartBadge count={cartCount} />
        {access ? (
          <Link to="/profilepage" className="profile-topbar__me">
            <ProfileAvatar src={avatar} size={36} />
            <span>{name || email || t('account.view.yourProfile')}</span>
          </Link>
        ) : (
          <Link to="/sign-in">{t('account.view.logIn')}</Link>
        )}
      </div>
    </header>
  );
}

function Skeleton() {
  const t = useT();
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{t('account.view.loading')}</span>
      <div className="skeleton__block profile-cover" />
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
    </div>
  );
}

/** Spec §2 /profilepage and /organizerprofilepage: your own profile, or with ?id= someone's public profile. */
export function ProfileViewPage({ id }: { id?: string }) {
  const { user_id } = useSnapshot(session);
  const t = useT();
  // Another id keeps the shown profile until the new one arrives.
  const load = useLoad(
    (signal) =>
      loadProfile(id, user_id, signal).catch((error: unknown) => {
        if (!signal.aborted) toast.error(translate('account.profile.loadFailed'));
        throw error;
      }),
    [id, user_id],
    { keep: true },
  );
  const view = load.data ?? null;
  const failed = load.failed;
  useDocumentTitle(view ? view.name : t('account.view.title'));

  return (
    <>
      <TopBar avatar={view?.own ? view.picture : null} />
      <main id="main" tabIndex={-1} className="container page profile-page">
        {view ? (
          <article className="profile-card-large">
            {view.cover ? (
              <img className="profile-cover" src={mediaUrl(view.cover) ?? undefined} alt="" />
            ) : (
              <div className="profile-cover profile-cover--empty" />
            )}
            <div className="profile-head">
              <ProfileAvatar src={view.picture} size={112} className="profile-head__avatar" />
              <div>
                <h1 className="profile-head__name">
                  {view.name}
                  {view.verified ? (
                    <span className="verified-badge">
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                        <path
                          d="M12 2l2.6 2.2 3.4-.4.9 3.3 3 1.7-1.3 3.2 1.3 3.2-3 1.7-.9 3.3-3.4-.4L12 22l-2.6-2.2-3.4.4-.9-3.3-3-1.7L3.4 12 2.1 8.8l3-1.7.9-3.3 3.4.4z"
                          fill="currentColor"
                        />
                        <path
                          d="M8 12.5l2.6 2.5L16 9.5"
                          fill="none"
                          stroke="#fff"
                          strokeWidth="2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                      {t('account.view.verified')}
                    </span>
                  ) : null}
                </h1>
                {view.occupation ? <p className="profile-head__occupation">{view.occupation}</p> : null}
                {view.own ? (
                  <p>
                    <Link to="/profilesettings" className="button button--secondary button--small">
                      {t('account.view.edit')}
                    </Link>
                  </p>
                ) : null}
              </div>
            </div>
            <dl className="profile-facts">
              {view.email !== null ? (
                <div>
                  <dt>{t('account.view.email')}</dt>
                  <dd>{view.email}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('account.view.interests')}</dt>
                <dd>{view.interests || t('account.view.notAdded')}</dd>
              </div>
              {view.own ? (
                <>
                  <div>
                    <dt>{t('account.view.contact')}</dt>
                    <dd>{view.phone || t('account.view.notAdded')}</dd>
                  </div>
                  <div>
                    <dt>{t('account.view.address')}</dt>
                    <dd>{view.address || t('account.view.notAdded')}</dd>
                  </div>
                </>
              ) : null}
              <div>
                <dt>{t('account.view.created')}</dt>
                <dd>{view.created}</dd>
              </div>
              <div>
                <dt>{t('account.view.active')}</dt>
                <dd>{view.active}</dd>
              </div>
            </dl>
            <section aria-labelledby="profile-causes">
              <h2 id="profile-causes">{view.own ? t('account.view.yourCauses') : t('account.view.causes')}</h2>
              {view.causes.length === 0 ? (
                <p className="panel__empty">{t('account.view.noCauses')}</p>
              ) : (
                <ul className="profile-causes">
                  {view.causes.map((c) => (
                    <li key={c.id}>
                      <Link to="/causes/$id" params={{ id: c.id }}>
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </article>
        ) : failed ? (
          <div>
            <h1>{t('account.view.title')}</h1>
            <p className="lead">{t('account.view.loadFailed')}</p>
          </div>
        ) : (
          <Skeleton />
        )}
      </main>
    </>
  );
}
