import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates';
import { publicUrls } from './public-url';

describe('publicUrls', () => {
  it('defaults to what npm start serves: localhost for the default product, the product host for the others', () => {
    const urls = publicUrls({}, 3106);
    expect(urls('SMAFA')).toBe('http://localhost:3106');
    expect(urls('TPF')).toBe('http://tpf.localhost:3106');
    expect(urls('APL')).toBe('http://apl.localhost:3106');
  });

  it('takes PUBLIC_URL for the default product and puts the product label in front of it for the others', () => {
    const urls = publicUrls({ PUBLIC_URL: 'https://portal.example.com/' }, 3000);
    expect(urls('SMAFA')).toBe('https://portal.example.com');
    expect(urls('TPF')).toBe('https://tpf.portal.example.com');
  });

  it('takes PUBLIC_URL_<CODE> for its product', () => {
    const urls = publicUrls({ PUBLIC_URL: 'https://portal.example.com', PUBLIC_URL_TPF: 'https://factoring.example.net/portal/' }, 3000);
    expect(urls('TPF')).toBe('https://factoring.example.net/portal');
    expect(urls('SMAFA')).toBe('https://portal.example.com');
  });

  it('starts every link of a mail with the product’s address', () => {
    const mail = renderMail(
      'passwordReset',
      { name: 'a@example.com', resetPath: '/login/7/reset-password/abc', validMinutes: 60 },
      'TPF',
      { baseUrl: publicUrls({}, 3000) },
    );
    expect(mail.text).toContain('http://tpf.localhost:3000/login/7/reset-password/abc');
    expect(mail.html).toContain('src="http://tpf.localhost:3000/logos/tpf.svg"');
    expect(renderMail('passwordReset', { name: 'a', resetPath: '/x', validMinutes: 60 }, 'SMAFA').text).toContain(
      'http://localhost:3000/x',
    );
  });
});
