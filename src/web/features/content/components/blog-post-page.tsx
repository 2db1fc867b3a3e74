import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { BlogPost } from '../../../../shared/contract/content';
import { formatDate } from '../../../../shared/dates';
import { PageShell } from '../../../components/layout/page-shell';
import { PendingScreen } from '../../../components/pending-screen';
import { useLocale, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ResponsiveImage } from '../../../components/responsive-image';
import { getBlogPost } from '../api/content-api';
import '../content.css';

type State = { kind: 'loading' } | { kind: 'found'; post: BlogPost; offline: boolean } | { kind: 'not-found' } | { kind: 'unavailable' };

function Message({ title, text }: { title: string; text: string }) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <PageShell className="container page page--narrow">
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <Link to="/" className="button button--primary">
        {t('content.backHome')}
      </Link>
    </PageShell>
  );
}

/** /blog/$slug: the post (slug or id), or a clear not-found screen. */
export function BlogPostPage({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const t = useT();
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    getBlogPost(slug).then(
      ({ post, source }) => live && setState(post ? { kind: 'found', post, offline: source === 'cache' } : { kind: 'not-found' }),
      () => live && setState({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [slug]);

  if (state.kind === 'loading')
    return (
      <PageShell>
        <PendingScreen />
      </PageShell>
    );
  if (state.kind === 'not-found') return <Message title={t('content.blog.notFoundTitle')} text={t('content.blog.notFoundText')} />;
  if (state.kind === 'unavailable') return <Message title={t('content.blog.offlineTitle')} text={t('content.blog.offlineText')} />;
  return <Post post={state.post} offline={state.offline} />;
}

function Post({ post, offline }: { post: BlogPost; offline: boolean }) {
  useDocumentTitle(post.title);
  const t = useT();
  const locale = useLocale();
  const body = post.content || post.description || post.excerpt;
  return (
    <PageShell className="container page page--narrow">
      {offline && (
        <p className="notice" role="status">
          {t('content.blog.offline')}
        </p>
      )}
      <article className="blog-post">
        {(post.category_name || post.category) && <p className="eyebrow">{post.category_name || post.category}</p>}
        <h1>{post.title}</h1>
        <p className="blog-post__meta">
          {post.author_name && t('content.blog.by', { author: post.author_name })}
          {post.published_at && <time dateTime={post.published_at}>{formatDate(post.published_at, locale)}</time>}
        </p>
        <ResponsiveImage
          whenSavingData="tap"
          className="blog-post__image"
          src={post.image ?? post.featured_image}
          width={960}
          height={540}
          alt=""
          loading="eager"
        />
        {body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} style={{ whiteSpace: 'pre-line' }}>
            {paragraph}
          </p>
        ))}
      </article>
      <p>
        <Link to="/">{t('content.blog.back')}</Link>
      </p>
    </PageShell>
  );
}
