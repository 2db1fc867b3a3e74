// Image fields are paths on the API server (spec §3: "/media/<hash>"), except `image`, absolute for
// other clients: the PWA loads every one of our pictures from its API base exactly like its calls, so
// pictures load when the API lives elsewhere (VITE_API_BASE_URL) or PUBLIC_URL names another address;
// other absolute addresses, data: and blob: previews pass through.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveImage, srcSetFrom } from '../../src/web/components/responsive-image';
import { Avatar } from '../../src/web/features/dashboard/components/avatar';
import { ProfileAvatar } from '../../src/web/features/profile/components/default-avatar';
import { mediaUrl } from '../../src/web/lib/api-url';

const HASH = 'ab'.repeat(32);

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('mediaUrl', () => {
  it('joins a media path to the API base, like an API call', () => {
    expect(mediaUrl(`/media/${HASH}`, 'https://api.boafo.test')).toBe(`https://api.boafo.test/media/${HASH}`);
    expect(mediaUrl(`/media/${HASH}`, '')).toBe(`/media/${HASH}`);
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('')).toBeNull();
  });

  it('loads an absolute `image` of ours (PUBLIC_URL or another address) from the API this app uses', () => {
    // The same content-addressed picture: from our API it passes the CSP's 'self' and the service
    // worker's media cache, and a phone on the LAN need not reach PUBLIC_URL.
    expect(mediaUrl(`https://boafo.example.gh/media/${HASH}`, '')).toBe(`/media/${HASH}`);
    expect(mediaUrl(`http://192.168.1.20:3000/media/${HASH}`, 'https://api.boafo.test')).toBe(`https://api.boafo.test/media/${HASH}`);
  });

  it('leaves other absolute, data: and blob: addresses alone', () => {
    expect(mediaUrl('https://cdn.example/pictures/x.webp', 'https://api.boafo.test')).toBe('https://cdn.example/pictures/x.webp');
    expect(mediaUrl('data:image/png;base64,AAAA', 'https://api.boafo.test')).toBe('data:image/png;base64,AAAA');
    expect(mediaUrl('blob:http://localhost/1234', 'https://api.boafo.test')).toBe('blob:http://localhost/1234');
  });
});

describe('pictures with the API on another address', () => {
  it('ResponsiveImage joins src and every srcset width', () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.boafo.test/api');
    const { container } = render(
      <ResponsiveImage
        src={`/media/${HASH}`}
        sizesMap={{ 96: '/media/small', 320: '/media/mid', 960: `/media/${HASH}` }}
        width={480}
        height={270}
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`https://api.boafo.test/media/${HASH}`);
    expect(img.getAttribute('srcset')).toBe(
      `https://api.boafo.test/media/small 96w, https://api.boafo.test/media/mid 320w, https://api.boafo.test/media/${HASH} 960w`,
    );
    expect(srcSetFrom({ 320: 'https://cdn.example/x.webp' })).toBe('https://cdn.example/x.webp 320w');
  });

  it('avatars join too; without a picture they show the placeholder', () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.boafo.test');
    const { container } = render(
      <>
        <Avatar src={`/media/${HASH}`} />
        <ProfileAvatar src={`/media/${HASH}`} />
        <ProfileAvatar src={null} />
      </>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([`https://api.boafo.test/media/${HASH}`, `https://api.boafo.test/media/${HASH}`]);
    expect(container.querySelector('[data-testid="default-avatar"]')).not.toBeNull();
  });

  it('same origin (no API base): the path is used as it is', () => {
    const { container } = render(<ResponsiveImage src={`/media/${HASH}`} width={64} height={64} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(`/media/${HASH}`);
  });
});
