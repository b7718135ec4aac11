import type { Order } from '@proper-parts/domain/orders';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ORDERS_PAGE_SIZE } from '../api/get-my-orders';
import { ConfirmOrderModal } from './confirm-order-modal';
import { Pager } from './pager';

export interface OrdersColumn {
  head: string;
  /** The header cell's classes, and each row's cell's. */
  headClassName?: string;
  className?: string;
  /** `ask(order)` opens the modal that confirms the table's one way of removing an order. */
  cell: (order: Order, ask: (order: Order) => void) => ReactNode;
}

/** Removing an order (an admin's delete, a buyer's cancel), confirmed in a modal first. */
export interface OrderRemoval {
  mutation: UseMutationResult<{ deletedCount: number }, Error, string>;
  title: string;
  action: string;
  /** The toast once it is done. */
  done: (purchaseName: string) => string;
}

/**
 * On a phone each order stacks into a card: its cells one after another (at 375 px a table's
 * columns left a name 90 px: 6 lines).
 */
const CARD = {
  table: 'max-sm:block',
  thead: 'max-sm:sr-only',
  tbody: 'max-sm:block',
  row: 'max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3 max-sm:border-b max-sm:border-base-300 max-sm:last:border-b-0',
  number: 'max-sm:hidden',
};
/** A cell of a card row: no cell borders or padding of its own (the card has them). */
export const CARD_CELL = 'max-sm:border-0 max-sm:p-0';
const TABLE = { table: '', thead: '', tbody: '', row: '', number: 'hidden sm:table-cell' };

/**
 * A page of orders (My Orders, Manage All Orders): numbered rows of the columns given, the pager
 * under them, and the modal that confirms removing one.
 */
export function OrdersTable({
  orders,
  offset,
  onOffset,
  columns,
  removal,
  rowTestId,
  cards = false,
}: {
  orders: Order[];
  offset: number;
  onOffset: (offset: number) => void;
  columns: OrdersColumn[];
  removal: OrderRemoval;
  rowTestId: string;
  /** Stack each order into a card on phones, instead of hiding columns. */
  cards?: boolean;
}) {
  const [asked, setAsked] = useState<Order | null>(null);
  const { mutation } = removal;
  const ask = (order: Order) => {
    mutation.reset();
    setAsked(order);
  };
  const layout = cards ? CARD : TABLE;
  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className={`table table-sm md:table-md ${layout.table}`}>
          <thead className={layout.thead}>
            <tr>
              <th scope="col" className={layout.number}>
                #
              </th>
              {columns.map((column) => (
                <th key={column.head} scope="col" className={column.headClassName}>
                  {column.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={layout.tbody}>
            {orders.map((order, index) => (
              <tr key={order._id} data-testid={rowTestId} className={layout.row || undefined}>
                <th scope="row" className={`text-base-content/60 ${layout.number}`}>
                  {offset + index + 1}
                </th>
                {columns.map((column) => (
                  <td key={column.head} className={column.className}>
                    {column.cell(order, ask)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        offset={offset}
        pageSize={ORDERS_PAGE_SIZE}
        count={orders.length}
        onChange={onOffset}
      />
      {asked && (
        <ConfirmOrderModal
          title={removal.title}
          order={asked}
          action={removal.action}
          busy={mutation.isPending}
          error={mutation.error?.message}
          onClose={() => setAsked(null)}
          onConfirm={(close) =>
            mutation.mutate(asked._id, {
              onSuccess: ({ deletedCount }) => {
                if (deletedCount > 0) toast.success(removal.done(asked.purchaseName));
                close();
              },
            })
          }
        />
      )}
    </>
  );
}
