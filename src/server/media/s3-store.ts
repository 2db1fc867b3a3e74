/**
 * MEDIA_STORE=s3: pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Wasabi…) under their
 * content hash, with immutable Cache-Control, loaded by browsers straight from MEDIA_PUBLIC_URL (a CDN) or
 * the bucket's own address. Pictures still in the media table (uploaded before the switch, not yet moved
 * by `npm run media:migrate`) keep being served from there, so switching needs no downtime.
 *
 * The SDK loads on first use (a process on the database store never pays for it). Its checksums are
 * asked for only where S3 requires one: since 2025 the SDK otherwise sends CRC32 trailers in aws-chunked
 * bodies, which many S3-compatible stores refuse. Each body carries Content-MD5 instead, which every
 * one of them checks.
 */
import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { commonJsExports } from '../lib/commonjs';
import type { ImageVariant } from '../lib/images';
import type { MediaRepo } from '../repositories/media';
import { IMMUTABLE, type MediaAnswer, type MediaStore, type StoredMedia } from './store';

type Sdk = typeof import('@aws-sdk/client-s3');

/** How many uploads of one request's sizes go out at once. */
const PARALLEL_PUTS = 4;

export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly publicOrigin: string;
  private readonly base: string;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(
    private readonly settings: S3Settings,
    private readonly repo: MediaRepo,
  ) {
    this.base = settings.publicUrl ?? bucketUrl(settings);
    this.publicOrigin = new URL(this.base).origin;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= commonJsExports(import('@aws-sdk/client-s3')).then((sdk) => {
      const { endpoint, region, credentials, forcePathStyle } = this.settings;
      const client = new sdk.S3Client({
        endpoint,
        region,
        forcePathStyle,
        ...(credentials ? { credentials } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        // An upload waits on this; a store that stopped answering must not hold the request forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      });
      return { sdk, client };
    });
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        ContentMD5: createHash('md5').update(bytes).digest('base64'),
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(key: string): Promise<StoredMedia | null> {
    const row = await this.repo.get(key);
    if (row?.content) return { bytes: Buffer.from(row.content), contentType: row.contentType };
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  url(key: string): string {
    return `${this.base}/${key}`;
  }

  async answer(key: string): Promise<MediaAnswer | null> {
    const row = await this.repo.get(key);
    if (row?.content) return { bytes: Buffer.from(row.content), contentType: row.contentType };
    // Not asked of the bucket: a HEAD per picture would cost what the redirect saves. An unknown key
    // is a 404 from the bucket instead of from us.
    return { redirect: this.url(key) };
  }

  async keepOutsideDatabase(variants: ImageVariant[]): Promise<ImageVariant[]> {
    for (let i = 0; i < variants.length; i += PARALLEL_PUTS) {
      await Promise.all(variants.slice(i, i + PARALLEL_PUTS).map((v) => this.put(v.hash, v.content, v.contentType)));
    }
    return [];
  }

  /** Whether the bucket holds `key` with exactly `size` bytes (media:migrate checks each copy before dropping the original). */
  async holds(key: string, size: number): Promise<boolean> {
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength === size;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  close(): void {
    void this.connection?.then(({ client }) => client.destroy()).catch(() => {});
  }
}

/** The bucket's own address for objects: https://bucket.host/ (virtual-hosted) or https://host/bucket/ (path style). */
function bucketUrl({ endpoint, bucket, forcePathStyle }: S3Settings): string {
  const url = new URL(endpoint);
  const path = url.pathname.replace(/\/+$/, '');
  if (forcePathStyle) return `${url.origin}${path}/${bucket}`;
  return `${url.protocol}//${bucket}.${url.host}${path}`;
}
