import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath, signInPathFor } from './next-path.ts';

describe('safeNextPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/portal/topup?iccid=89&x=1', '/portal/topup?iccid=89&x=1'],
    ['/products#popular', '/products#popular'],
    ['/tr/turkey', '/tr/turkey'],
    ['/', '/'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'profile',
    'https://evil.example/',
    'http://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tevil',
    '/\nevil',
    ' /profile',
    'javascript:alert(1)',
    'data:text/html,x',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBe('/');
  });

  it('keeps percent-encoded text encoded and on this site', () => {
    expect(safeNextPath('/%0d%0aevil')).toBe('/%0d%0aevil');
    expect(safeNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('never sends back to the sign-in page', () => {
    expect(safeNextPath('/auth')).toBe('/');
    expect(safeNextPath('/auth?next=/profile')).toBe('/');
    expect(safeNextPath('/auth/')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../../profile')).toBe('/profile');
  });
});

describe('signInPathFor and nextFromSearch', () => {
  it('round-trips a path through the query string', () => {
    const href = signInPathFor('/portal/topup?iccid=89');
    expect(href).toBe('/auth?next=%2Fportal%2Ftopup%3Ficcid%3D89');
    expect(nextFromSearch(href.slice('/auth'.length))).toBe('/portal/topup?iccid=89');
  });

  it('links plainly to /auth from home', () => {
    expect(signInPathFor('/')).toBe('/auth');
  });

  it('reads a missing or unsafe next as home', () => {
    expect(nextFromSearch('')).toBe('/');
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBe('/');
  });
});
