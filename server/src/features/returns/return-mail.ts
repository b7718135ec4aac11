import { type ReturnRequest, returnReasonLabels } from '@proper-parts/domain/returns';
import type { MailMessage } from '../mail/mailer.ts';

interface Seller {
  name: string;
  address: string;
}

const linesOf = (request: ReturnRequest) =>
  request.lines.map(
    (line) => `  ${line.sku}  ${line.name}: ${line.quantity} (${returnReasonLabels[line.reason]})`,
  );

/** The buyer's mail of an approved return (decision 037): its RMA number and what to do. */
export function returnApprovedMail(request: ReturnRequest, seller: Seller): MailMessage {
  return {
    to: request.email,
    subject: `Your return ${request.rmaNumber} is approved`,
    text: [
      'Hello,',
      '',
      `We approved your return of order ${request.orderId}. Its RMA number is ${request.rmaNumber}.`,
      '',
      'What to send back:',
      ...linesOf(request),
      '',
      'How to send it:',
      `  1. Pack the parts well and write ${request.rmaNumber} on the outside of the parcel.`,
      '  2. Put the attached return authorization (or the RMA number) inside.',
      `  3. Send it to: ${seller.name}, Returns, ${seller.address}.`,
      '',
      'We will tell you when it has arrived and been inspected.',
      `The return authorization is attached (${request.rmaNumber}.pdf) and on My returns.`,
      '',
    ].join('\n'),
  };
}

/** The buyer's mail of a refused return, with the shop's reason. */
export function returnRefusedMail(request: ReturnRequest): MailMessage {
  return {
    to: request.email,
    subject: `Your return request for order ${request.orderId} was refused`,
    text: [
      'Hello,',
      '',
      `We cannot accept your return of order ${request.orderId}:`,
      '',
      ...linesOf(request),
      '',
      `Reason: ${request.refusalReason ?? ''}`,
      '',
      'Reply to this mail if you have questions.',
      '',
    ].join('\n'),
  };
}
