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
    ).toEqual({ address: '12 Foundry Rd, Peoria IL', phone: '+1 309 555 0142', shipTo: null });
  });

  it("without an order: the company's first shipping address, else its billing address", () => {
    expect(shippingDefaults({ company, profile })).toEqual({
      address: '5 Dock Street, Hull',
      phone: '+1 309 555 0100',
      shipTo: null,
    });
    expect(shippingDefaults({ company: { billingAddress: '1 Mill Road, Leeds' } }).address).toBe(
      '1 Mill Road, Leeds',
    );
  });

  it('in no company and with no order: the profile, else nothing', () => {
    expect(shippingDefaults({ company: null, profile })).toEqual({
      address: 'Peoria',
      phone: '+1 309 555 0100',
      shipTo: null,
    });
    expect(shippingDefaults({ profile: { city: ' ', phone: '' } })).toEqual({
      address: '',
      phone: '',
      shipTo: null,
    });
  });

  it('issue 33: the first structured address of the last order, the book, the billing address', () => {
    const texas = {
      name: 'Dana',
      line1: '500 Congress Ave',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
    };
    const berlin = {
      name: 'Jonas',
      line1: 'Friedrichstr. 1',
      city: 'Berlin',
      postalCode: '10117',
      country: 'DE',
    };
    const text = { address: '12 Foundry Rd, Peoria IL', phone: '' };
    expect(shippingDefaults({ lastOrder: { ...text, shipTo: texas } }).shipTo).toEqual(texas);
    // An older order's text is shown; the company's structured address fills the fields.
    const fromBook = shippingDefaults({
      lastOrder: { ...text, shipTo: null },
      company: { billingAddress: 'x', firstShipTo: berlin, billingTo: texas },
    });
    expect(fromBook).toMatchObject({ address: '12 Foundry Rd, Peoria IL', shipTo: berlin });
    expect(shippingDefaults({ company: { billingAddress: 'x', billingTo: texas } }).shipTo).toEqual(
      texas,
    );
  });
});
