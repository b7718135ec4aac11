import { describe, expect, it } from 'vitest';
import { shippingDefaults } from './use-shipping-defaults';

const profile = { city: 'Peoria', phone: '+1 309 555 0100' };
const company = { billingAddress: '1 Mill Road, Leeds', firstAddress: '5 Dock Street, Hull' };

describe('shippingDefaults', () => {
  it('ships where the last order went, with its phone', () => {
    expect(
      shippingDefaults({
        lastOrder: { address: '12 Foundry Rd, Peoria IL', phone: '+1 309 555 0142' },
        company,
        profile,
      }),
    ).toEqual({ address: '12 Foundry Rd, Peoria IL', phone: '+1 309 555 0142' });
  });

  it("without an order: the company's first shipping address, else its billing address", () => {
    expect(shippingDefaults({ company, profile })).toEqual({
      address: '5 Dock Street, Hull',
      phone: '+1 309 555 0100',
    });
    expect(shippingDefaults({ company: { billingAddress: '1 Mill Road, Leeds' } }).address).toBe(
      '1 Mill Road, Leeds',
    );
  });

  it('in no company and with no order: the profile, else nothing', () => {
    expect(shippingDefaults({ company: null, profile })).toEqual({
      address: 'Peoria',
      phone: '+1 309 555 0100',
    });
    expect(shippingDefaults({ profile: { city: ' ', phone: '' } })).toEqual({
      address: '',
      phone: '',
    });
  });
});
