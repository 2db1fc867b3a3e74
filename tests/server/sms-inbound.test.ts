/** Who may post replies (the shared token, the optional address list) and what a reply asks. No database. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { checkInbound, replyAction } from '../../src/server/sms/inbound';

describe('replies from the SMS gateway', () => {
  const open = loadConfig({ SMS_INBOUND_TOKEN: 'token-0123456789abcdef' }).sms;
  const listed = loadConfig({ SMS_INBOUND_TOKEN: 'token-0123456789abcdef', SMS_INBOUND_ALLOWED_IPS: '203.0.113.0/24' }).sms;

  it('wants the token, and an allowed address when a list is set', () => {
    expect(checkInbound(open, undefined, '198.51.100.1')).toBe('missing');
    expect(checkInbound(open, '', '198.51.100.1')).toBe('missing');
    expect(checkInbound(open, 'token-0123456789abcdeX', '198.51.100.1')).toBe('refused');
    expect(checkInbound(open, 'token-0123456789abcdef-and-more', '198.51.100.1')).toBe('refused');
    expect(checkInbound(open, 'token-0123456789abcdef', '198.51.100.1')).toBe('ok');
    expect(checkInbound(listed, 'token-0123456789abcdef', '198.51.100.1')).toBe('refused');
    expect(checkInbound(listed, 'token-0123456789abcdef', '203.0.113.44')).toBe('ok');
    expect(checkInbound(listed, 'token-0123456789abcdef', '::ffff:203.0.113.44')).toBe('ok');
    // No token configured: every reply is refused, whatever it carries.
    expect(checkInbound(loadConfig({}).sms, 'anything-at-all-123', '203.0.113.44')).toBe('refused');
  });

  it('reads STOP and START in any case, after a campaign keyword too, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop.', 'BOAFO STOP', 'unsubscribe me', 'Cancel', 'END'])
      expect(replyAction(text), text).toBe('stop');
    for (const text of ['START', 'start please', 'Boafo start', 'yes', 'Resume']) expect(replyAction(text), text).toBe('start');
    for (const text of ['', 'Thank you', 'STOPPED', '1234', 'I will give again, stop by soon']) expect(replyAction(text), text).toBeNull();
  });
});
