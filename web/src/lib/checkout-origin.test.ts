import { describe, expect, it } from 'vitest';
import { checkoutOrigin, hrefOf } from './checkout-origin';

describe('the page checkout opens over (issue 26)', () => {
  it('takes the origin the navigation carried, and nothing that is not a path of this site', () => {
    const origin = { pathname: '/product/harbour-lights-volume-1/', search: '?ref=home', hash: '' };
    expect(checkoutOrigin({ checkoutOrigin: origin, openedHere: true })).toEqual(origin);
    expect(hrefOf(origin)).toBe('/product/harbour-lights-volume-1/?ref=home');
    expect(checkoutOrigin({ checkoutOrigin: { pathname: '//evil.example/', search: '', hash: '' } })).toBeNull();
    expect(checkoutOrigin({ checkoutOrigin: { pathname: 'https://evil.example/', search: '', hash: '' } })).toBeNull();
    expect(checkoutOrigin(null)).toBeNull();
  });
});
