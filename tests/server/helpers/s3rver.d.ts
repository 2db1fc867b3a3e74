/** The part of @20minutes/s3rver (a local S3 server; the package ships no types) that tests/server/helpers/fake-s3.ts uses. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string }>;
      /** Accept requests whose signature does not match (false: checked like S3 does). */
      allowMismatchedSignatures?: boolean;
      vhostBuckets?: boolean;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
