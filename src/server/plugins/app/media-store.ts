/**
 * Decorates app.mediaStore with the store MEDIA_STORE picks (media/store.ts). A database whose pictures
 * were moved to an object store cannot serve them from the database store: the start stops and says so.
 */
import fp from 'fastify-plugin';
import { DatabaseMediaStore } from '../../media/database-store';
import { S3MediaStore } from '../../media/s3-store';
import type { MediaStore } from '../../media/store';

export class MovedMediaError extends Error {
  constructor(moved: number) {
    super(
      `MEDIA_STORE is database, but ${moved} picture(s) of this database were moved to an object store by npm run media:migrate. ` +
        'Set MEDIA_STORE=s3 and its S3_ settings to serve them.',
    );
    this.name = 'MovedMediaError';
  }
}

export default fp(
  async (app) => {
    const { media } = app.config;
    let store: MediaStore;
    if (media.store === 's3') {
      // loadConfig refused s3 without its settings.
      const s3 = new S3MediaStore(media.s3!, app.repos.media);
      app.addHook('onClose', async () => s3.close());
      store = s3;
    } else {
      const moved = await app.repos.media.movedCount();
      if (moved > 0) throw new MovedMediaError(moved);
      store = new DatabaseMediaStore(app.repos.media);
    }
    app.decorate('mediaStore', store);
    app.log.info({ store: store.kind }, 'Media store ready');
  },
  { name: 'media-store', dependencies: ['repositories'] },
);
