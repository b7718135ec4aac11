import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder } from '../../../../test/order-fixtures';
import { freightLabelOf, OrderTotalsLine, orderTotals, TotalsBlock } from './order-totals';

const texasOrder = buildOrder({
  subtotal: 458.52,
  freight: 61.25,
  taxes: [{ name: 'Texas sales tax', rate: 6.25, amount: 32.49 }],
  tax: 32.49,
  total: 552.26,
  price: 552.26,
  shippingMethod: 'express',
  shippingMethodName: 'Express',
});

describe('TotalsBlock', () => {
  it('lists subtotal, freight by its method, each tax with its rate, and the total', () => {
    render(<TotalsBlock totals={texasOrder} freightLabel={freightLabelOf(texasOrder)} />);
    expect(screen.getByTestId('totals-subtotal')).toHaveTextContent('$458.52');
    expect(screen.getByText('Freight (Express)')).toBeInTheDocument();
    expect(screen.getByTestId('totals-freight')).toHaveTextContent('$61.25');
    expect(screen.getByText('Texas sales tax (6.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('totals-tax')).toHaveTextContent('$32.49');
    expect(screen.getByTestId('totals-total')).toHaveTextContent('$552.26');
  });

  it('states the reverse charge, and an order whose freight the shop quotes', () => {
    const order = buildOrder({
      status: 'awaiting_freight',
      subtotal: 510,
      freight: 0,
      total: 510,
      taxNote: 'Reverse charge: VAT to be accounted for by the recipient (Art. 196)',
    });
    render(<TotalsBlock totals={orderTotals(order)} />);
    expect(screen.getByTestId('totals-freight')).toHaveTextContent('quoted by the shop');
    expect(screen.getByText('Total before freight')).toBeInTheDocument();
    expect(screen.getByTestId('totals-tax-note')).toHaveTextContent(
      'Reverse charge: VAT to be accounted for by the recipient',
    );
    expect(screen.queryByTestId('totals-tax')).not.toBeInTheDocument();
  });

  it('says $0 tax when none applies and there is no note', () => {
    render(<TotalsBlock totals={buildOrder({ subtotal: 50, total: 50 })} />);
    expect(screen.getByTestId('totals-tax')).toHaveTextContent('$0');
  });
});

describe('OrderTotalsLine', () => {
  it('sums up an order with freight and tax in one line; nothing for an order without', () => {
    const { rerender } = render(<OrderTotalsLine order={texasOrder} />);
    expect(screen.getByTestId('order-totals-line')).toHaveTextContent(
      'Subtotal $458.52 · Freight $61.25 · Texas sales tax (6.25%) $32.49',
    );
    rerender(<OrderTotalsLine order={buildOrder()} />);
    expect(screen.queryByTestId('order-totals-line')).not.toBeInTheDocument();
  });
});
